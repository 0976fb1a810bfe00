"""Card and board definitions as data (JSON/TOML/Markdown), read by engine.data. No code lives here."""
