// Rookery's one page client: the replay file (data inline in #rookery-data) and the live page (frames over a
// WebSocket) render the same frames (present/web/frames.py documents their shape and the live contract).
// Plain modern JavaScript, no build step, no library: everything the page needs is in this file.
"use strict";
(() => {
  const root = document.getElementById("rookery");
  const $ = (id) => document.getElementById(id);
  const strings = JSON.parse($("rookery-strings").textContent);
  const inline = $("rookery-data").textContent.trim();
  const say = (key, fields = {}) => (strings[key] || key).replace(/\{(\w+)\}/g, (_, k) => fields[k] ?? "");

  // ---- the replay's packed data (present/web/replay.py) back into frames
  function unpackDoc(data, packed) {
    if (!packed) return null;
    const [title, sections, footer] = packed;
    return {
      title: data.texts[title], footer: data.texts[footer],
      sections: sections.map((b) => {
        const [t, lines] = data.blocks[b];
        return { title: data.texts[t], lines: lines.map((i) => data.texts[i]) };
      }),
    };
  }
  function unpack(data, view, step) {
    const [version, round, roundLabel, turn, status, board, hand, logLen] = data.frames[view][step];
    return {
      game: data.game, title: data.title, version, step, round, round_label: data.texts[roundLabel], view,
      seats: data.seats, status, turn: data.texts[turn], board: unpackDoc(data, board), hand: unpackDoc(data, hand),
      picture: null, hand_picture: null, log: data.logs[view].slice(0, logLen),
    };
  }
  const bytes = (base64) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  async function inflate(base64) { // the replay's data is gzipped JSON, base64 (no request: a Blob's stream)
    const stream = new Blob([bytes(base64)]).stream().pipeThrough(new DecompressionStream("gzip"));
    return JSON.parse(await new Response(stream).text());
  }

  // ---- the replay's board picture: key pictures and patches of changed tiles, drawn on a canvas
  function boardPictures(data) {
    const canvas = $("canvas"), ctx = canvas.getContext("2d"), tile = data.tile, gutter = data.gutter;
    const cell = tile + 2 * gutter; // an atlas holds each tile with `gutter` px of its surroundings
    canvas.onclick = () => canvas.classList.toggle("zoomed");
    const decoded = new Map();
    const image = (i) => {
      if (!decoded.has(i)) decoded.set(i, createImageBitmap(new Blob([bytes(data.images[i])], { type: "image/webp" })));
      return decoded.get(i);
    };
    const isKey = (entry) => !Array.isArray(entry[2]);
    let drawn = -1, queue = Promise.resolve();
    async function draw(n) {
      if (n === drawn) return;
      let k = n;
      while (!isKey(data.board[k])) k--;
      const from = drawn >= k && drawn < n ? drawn + 1 : k;
      for (let j = from; j <= n; j++) {
        const entry = data.board[j];
        if (isKey(entry)) {
          if (canvas.width !== entry[0] || canvas.height !== entry[1]) { canvas.width = entry[0]; canvas.height = entry[1]; }
          ctx.drawImage(await image(entry[2]), 0, 0);
        } else {
          const [atlas, columns, tiles] = entry, picture = await image(atlas);
          for (let t = 0; t < tiles.length / 2; t++) {
            ctx.drawImage(picture, (t % columns) * cell + gutter, Math.floor(t / columns) * cell + gutter, tile, tile,
              tiles[2 * t] * tile, tiles[2 * t + 1] * tile, tile, tile);
          }
        }
      }
      drawn = n;
    }
    return (step) => {
      const n = data.shown[step], note = $("picture-note");
      canvas.hidden = n === null || n === undefined;
      const at = canvas.hidden ? undefined : data.stale[step];
      note.hidden = at === undefined;
      note.textContent = at === undefined ? "" : say("picture_from", { n: at });
      if (canvas.hidden) { root.dataset.picture = String(step); return; }
      queue = queue.then(() => draw(n)).then(() => { root.dataset.picture = String(step); }, (e) => console.error(e));
    };
  }

  // ---- drawing one frame as text (every board and log line is document text, not only a picture)
  function docNode(doc, cls) {
    const box = document.createElement("div");
    box.className = "doc " + cls;
    if (doc.title) box.appendChild(Object.assign(document.createElement("h2"), { textContent: doc.title }));
    for (const s of doc.sections) {
      if (s.title) box.appendChild(Object.assign(document.createElement("h3"), { textContent: s.title }));
      for (const text of s.lines) box.appendChild(Object.assign(document.createElement("p"), { textContent: text }));
    }
    if (doc.footer) box.appendChild(Object.assign(document.createElement("p"), { className: "footer", textContent: doc.footer }));
    return box;
  }
  const sources = new Map(); // picture key -> src: a live server may send a picture's src once
  function showPicture(img, picture) {
    if (!picture) { img.hidden = true; img.removeAttribute("src"); return; }
    if (picture.src) sources.set(picture.key, picture.src);
    const src = sources.get(picture.key);
    if (!src) { img.hidden = true; return; }
    if (img.getAttribute("src") !== src) img.src = src;
    img.hidden = false;
  }
  let shownLog = [];
  function render(frame) {
    root.dataset.view = frame.view;
    $("turn").textContent = frame.turn || "";
    showPicture($("picture"), frame.picture);
    showPicture($("hand-picture"), frame.hand_picture);
    $("board").replaceChildren(docNode(frame.board, "board"));
    $("hand").replaceChildren(...(frame.hand ? [docNode(frame.hand, "hand")] : []));
    const log = $("log");
    const same = frame.log.length >= shownLog.length && shownLog.every((t, i) => frame.log[i] === t);
    if (!same) log.replaceChildren();
    for (const [i, text] of frame.log.entries()) {
      if (same && i < shownLog.length) continue;
      log.appendChild(Object.assign(document.createElement("li"), { textContent: text }));
    }
    const fresh = same ? shownLog.length : frame.log.length;
    for (const [i, li] of [...log.children].entries()) li.classList.toggle("new", i >= fresh && fresh > 0);
    shownLog = frame.log;
    const side = $("log-side"); // the newest line in sight, scrolling the log's own box, never the page
    side.scrollTop = side.scrollHeight;
  }

  // ---- the replay: steps, slider, keys, views
  function replay(data) {
    const showPictureOf = boardPictures(data);
    let view = data.views.includes(root.dataset.view) ? root.dataset.view : "public";
    let step = 0;
    const count = () => data.frames[view].length;
    const round = (i) => data.frames[view][i][1];
    const picker = $("view");
    for (const v of data.views) {
      const seat = data.seats.find((s) => s.seat === v);
      picker.appendChild(new Option(seat ? say("seat_view", { name: seat.name }) : say("public"), v));
    }
    $("view-pick").hidden = data.views.length < 2;
    const slider = $("slider");
    function go(i) {
      step = Math.max(0, Math.min(count() - 1, i));
      const frame = unpack(data, view, step);
      render(frame);
      showPictureOf(step);
      root.dataset.step = String(step);
      root.dataset.steps = String(count());
      slider.max = String(count() - 1);
      slider.value = String(step);
      $("where").textContent = say("step_of", { n: step, last: count() - 1 }) + (frame.round_label ? " · " + frame.round_label : "");
      $("first").disabled = $("prev").disabled = $("prev-round").disabled = step === 0;
      $("last").disabled = $("next").disabled = $("next-round").disabled = step === count() - 1;
    }
    // PageUp: the start of this round, or of the one before when already there; PageDown: the next round's start.
    function roundBack() {
      let i = step;
      while (i > 0 && round(i - 1) === round(step)) i--;
      if (i === step && i > 0) { const r = round(i - 1); i--; while (i > 0 && round(i - 1) === r) i--; }
      go(i);
    }
    function roundOn() {
      let i = step;
      while (i < count() - 1 && round(i) === round(step)) i++;
      go(i);
    }
    $("first").onclick = () => go(0);
    $("last").onclick = () => go(count() - 1);
    $("prev").onclick = () => go(step - 1);
    $("next").onclick = () => go(step + 1);
    $("prev-round").onclick = roundBack;
    $("next-round").onclick = roundOn;
    slider.oninput = () => go(Number(slider.value));
    picker.value = view;
    picker.onchange = () => { view = picker.value; shownLog = []; $("log").replaceChildren(); go(step); };
    document.addEventListener("keydown", (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.target === picker) return;
      const keys = { ArrowLeft: () => go(step - 1), ArrowRight: () => go(step + 1), Home: () => go(0),
        End: () => go(count() - 1), PageUp: roundBack, PageDown: roundOn };
      const act = keys[e.key];
      if (act) { e.preventDefault(); act(); }
    });
    go(0);
  }

  // ---- live: frames over a WebSocket, reconnecting with backoff and catching up with "hello"
  function live() {
    root.dataset.mode = "live";
    $("view-pick").hidden = true;
    let version = -1, wait = 1000;
    const address = () => {
      const url = new URL(location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      url.pathname = url.pathname.replace(/\/?$/, "/ws");
      url.search = ""; url.hash = "";
      return url.href;
    };
    function connect() {
      $("where").textContent = say(version < 0 ? "connecting" : "reconnecting");
      const socket = new WebSocket(address());
      socket.onopen = () => { wait = 1000; $("where").textContent = ""; socket.send(JSON.stringify({ kind: "hello", version })); };
      socket.onmessage = (message) => {
        let data;
        try { data = JSON.parse(message.data); } catch { return; }
        if (!data || data.kind !== "frame" || !data.frame || data.frame.version < version) return;
        version = data.frame.version;
        render(data.frame);
        root.dataset.step = String(data.frame.step);
        root.dataset.steps = String(data.frame.step + 1);
        $("where").textContent = data.frame.round_label || "";
      };
      socket.onclose = () => { setTimeout(connect, wait); wait = Math.min(wait * 2, 30000); };
    }
    connect();
  }

  if (inline) inflate(inline).then(replay); else live();
  window.rookery = { unpack, render };
})();
