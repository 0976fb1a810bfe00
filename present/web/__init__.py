"""The web face of the presenters: frames (one reader's view of a table at one version, as JSON), the one page
client (client.js, style.css, page.html: plain JavaScript, no build step) and the self-contained replay file."""
