// The Rookery Activity's page (issue 35; the contract is the brief's activity.md, the server bot/web/).
// Signs in through Discord's Embedded App SDK (sdk.js sets window.DiscordSDK), then keeps one WebSocket to
// /api/ws and draws what the server sends: the channel's lobby, or the table as this user's seat sees it
// (a spectator sees the public view). Every click becomes one message naming the prompt it answers, so a stale
// click is refused by the server, never applied twice. Plain JavaScript, no build step. All server text is
// put on the page with textContent (never as HTML); the page's own few words are in STRINGS below.
"use strict";
(() => {
  const STRINGS = {
    en: { signing_in: "Signing in…", connecting: "Connecting…", reconnecting: "Connection lost: reconnecting…",
      sign_in_failed: "Could not sign in: {why}", spectator: "Watching", playing: "Playing as {name}",
      join: "Join", leave: "Leave", add_bot: "Add bot", start: "Start", open: "Open {game}", players: "Players",
      bot: "bot", choices: "Your choices", all_choices: "All choices", confirm: "Confirm", cancel: "Cancel",
      picked: "{n} chosen ({min}–{max})", log: "Log", hand: "Your hand", no_choices: "Nothing to do right now.",
      hand_text: "Your sheet (text)", here: "In the Activity: {names}",
      which: "Which?", sent: "Sent…", not_open: "The page must be opened from Discord." },
    de: { signing_in: "Anmelden…", connecting: "Verbinden…", reconnecting: "Verbindung verloren: verbinde neu…",
      sign_in_failed: "Anmeldung fehlgeschlagen: {why}", spectator: "Zuschauen", playing: "Du spielst als {name}",
      join: "Beitreten", leave: "Verlassen", add_bot: "Bot hinzufügen", start: "Starten", open: "{game} eröffnen",
      players: "Spieler", bot: "Bot", choices: "Deine Möglichkeiten", all_choices: "Alle Möglichkeiten",
      confirm: "Bestätigen", cancel: "Abbrechen", picked: "{n} gewählt ({min}–{max})", log: "Verlauf",
      hand_text: "Dein Blatt (Text)", here: "In der Activity: {names}",
      hand: "Deine Hand", no_choices: "Gerade nichts zu tun.", which: "Welche?", sent: "Gesendet…",
      not_open: "Die Seite muss aus Discord geöffnet werden." },
    es: { signing_in: "Iniciando sesión…", connecting: "Conectando…", reconnecting: "Conexión perdida: reconectando…",
      sign_in_failed: "No se pudo iniciar sesión: {why}", spectator: "Mirando", playing: "Juegas como {name}",
      join: "Unirse", leave: "Salir", add_bot: "Añadir bot", start: "Empezar", open: "Abrir {game}",
      players: "Jugadores", bot: "bot", choices: "Tus opciones", all_choices: "Todas las opciones",
      confirm: "Confirmar", cancel: "Cancelar", picked: "{n} elegidas ({min}–{max})", log: "Registro",
      hand_text: "Tu hoja (texto)", here: "En la actividad: {names}",
      hand: "Tu mano", no_choices: "Nada que hacer ahora.", which: "¿Cuál?", sent: "Enviado…",
      not_open: "La página debe abrirse desde Discord." },
    pt: { signing_in: "Entrando…", connecting: "Conectando…", reconnecting: "Conexão perdida: reconectando…",
      sign_in_failed: "Não foi possível entrar: {why}", spectator: "Assistindo", playing: "Jogando como {name}",
      join: "Entrar", leave: "Sair", add_bot: "Adicionar bot", start: "Começar", open: "Abrir {game}",
      players: "Jogadores", bot: "bot", choices: "Suas opções", all_choices: "Todas as opções",
      confirm: "Confirmar", cancel: "Cancelar", picked: "{n} escolhidas ({min}–{max})", log: "Registro",
      hand_text: "Sua ficha (texto)", here: "Na atividade: {names}",
      hand: "Sua mão", no_choices: "Nada a fazer agora.", which: "Qual?", sent: "Enviado…",
      not_open: "A página deve ser aberta pelo Discord." },
  };
  // The page's skeleton: our own constant markup (no server text), so the server's HTML shell can stay minimal.
  const SKELETON = `<main id="activity" data-state="start" data-view="" data-version="-1">
<header><h1 id="title">Rookery</h1><p id="me"></p><p id="turn" aria-live="polite"></p><p id="here"></p>
<p id="status" role="status" hidden></p></header>
<section id="lobby" hidden></section>
<div id="play" hidden>
<section id="seat-side"><div id="hand"></div><div id="choices" hidden></div><img id="hand-picture" alt="" hidden>
<details id="hand-text" hidden><summary id="hand-text-title"></summary></details></section>
<section id="table-side"><img id="picture" alt="" hidden><div id="lodge" hidden></div><div id="board"></div></section>
<div id="log-box"><h2 id="log-title">Log</h2><ol id="log"></ol></div>
</div>
<div id="toasts" aria-live="assertive"></div></main>`;
  if (!document.getElementById("activity")) document.body.innerHTML = SKELETON;
  const root = document.getElementById("activity");
  // Black Rose Wars' Lodge (lodge.js, optional): loaded by us, so the server's page need not name it.
  if (!window.RookeryLodge) {
    const lodge = document.createElement("script");
    lodge.src = "/activity/lodge.js";
    lodge.onload = () => { if (current && current.kind === "frame") showFrame(current.frame, true); };
    document.head.appendChild(lodge);
  }
  const $ = (id) => document.getElementById(id);
  let lang = "en";
  const say = (key, fields = {}) =>
    (STRINGS[lang][key] || STRINGS.en[key] || key).replace(/\{(\w+)\}/g, (_, k) => String(fields[k] ?? ""));
  // The page's language: Discord's locale ("de", "es-ES", "pt-BR", "en-US"…) to one of our four.
  const pickLang = (locale) => {
    const base = String(locale || "").toLowerCase().split(/[-_]/)[0];
    return STRINGS[base] ? base : "en";
  };
  // Makes an element; text goes in as textContent only.
  function el(tag, { cls, text, title, on, attrs } = {}, children = []) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (title) node.title = String(title);
    if (on) node.addEventListener("click", on);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    for (const child of children) if (child) node.appendChild(child);
    return node;
  }
  const button = (text, on, cls = "") => el("button", { cls, text, on, attrs: { type: "button" } });

  // ---- state
  let sdk = null, accessToken = null, session = null, socket = null;
  let version = -1, wait = 500, nextRef = 1, locale = null, signingIn = false;
  let current = null;          // the last {kind: "frame"|"lobby", …} shown
  let chosen = new Set();      // a "together" choice's toggled action indexes (reset on each new prompt)
  let chosenPrompt = null;
  const sentAt = new Map();    // ref -> what was sent (cleared by "done"/"refused", or on a reconnect)

  function status(text) { $("status").textContent = text || ""; $("status").hidden = !text; }
  function toast(text) {
    const box = el("div", { cls: "toast", text, attrs: { role: "alert" } });
    $("toasts").appendChild(box);
    setTimeout(() => box.remove(), 4000);
  }

  // ---- sign-in: ready, authorize (identify), our /api/token, authenticate, our /api/session
  async function postJSON(path, body) {
    const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body) });
    let data = {};
    try { data = await response.json(); } catch { /* a proxy's HTML error page: say the status below */ }
    if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
    return data;
  }
  // The application id: Discord serves an Activity at https://<application id>.discordsays.com; a server may
  // also name it in <meta name="rookery-client-id">.
  function clientId() {
    const meta = document.querySelector('meta[name="rookery-client-id"]');
    if (meta && /^\d+$/.test(meta.content)) return meta.content;
    const host = /^(\d+)\.discordsays\.com$/.exec(location.hostname);
    return host ? host[1] : new URLSearchParams(location.search).get("client_id") || "";
  }
  async function newSession() {
    if (!accessToken) {
      const { code } = await sdk.commands.authorize({ client_id: clientId(), response_type: "code", state: "",
        prompt: "none", scope: ["identify"] });
      accessToken = (await postJSON("/api/token", { code })).access_token;
      await sdk.commands.authenticate({ access_token: accessToken });
    }
    try {
      const answer = await postJSON("/api/session", { access_token: accessToken, instance_id: sdk.instanceId });
      session = answer.session;
      root.dataset.user = answer.user ? answer.user.id : "";
    } catch (e) {
      accessToken = null; // an expired token: the next try authorizes again
      throw e;
    }
  }
  async function signIn() {
    if (signingIn) return;
    signingIn = true;
    root.dataset.state = "signin";
    status(say("signing_in"));
    try {
      if (!sdk) {
        if (!window.DiscordSDK) throw new Error("sdk.js");
        try { sdk = new window.DiscordSDK(clientId()); } catch { throw new Error(say("not_open")); }
        await sdk.ready();
        try { locale = (await sdk.commands.userSettingsGetLocale()).locale; } catch { locale = navigator.language; }
        lang = pickLang(locale);
        document.documentElement.lang = lang;
        $("log-title").textContent = say("log");
        participants();
      }
      await newSession();
      signingIn = false;
      connect();
    } catch (e) {
      signingIn = false;
      root.dataset.state = "failed";
      status(say("sign_in_failed", { why: e && e.message ? e.message : String(e) }));
      setTimeout(signIn, backoff());
    }
  }
  function backoff() { const now = wait; wait = Math.min(wait * 2, 8000); return now; }
  // Who has the Activity open (Discord tells the SDK); shown as a line under the title.
  async function participants() {
    const show = (list) => {
      const names = (list || []).map((p) => p.nickname || p.global_name || p.username);
      $("here").textContent = names.length ? say("here", { names: names.join(" · ") }) : "";
    };
    try {
      show((await sdk.commands.getInstanceConnectedParticipants()).participants);
      await sdk.subscribe("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", (data) => show(data.participants));
    } catch { /* an older client without participants: nothing to show */ }
  }

  // ---- the WebSocket: hello {session, version, locale}; reconnect with backoff and hello again
  function address() {
    const url = new URL("/api/ws", location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    return url.href;
  }
  function connect() {
    root.dataset.state = "connecting";
    status(say(version < 0 ? "connecting" : "reconnecting"));
    let expired = false;
    const ws = new WebSocket(address());
    socket = ws;
    // Live once the hello is sent: a server already in step with our version may have nothing to send.
    ws.onopen = () => {
      ws.send(JSON.stringify({ kind: "hello", session, version, locale: locale || navigator.language }));
      answersHello = true;
      root.dataset.state = "live";
      status("");
    };
    ws.onmessage = (message) => {
      let data;
      try { data = JSON.parse(message.data); } catch { return; }
      if (!data || typeof data !== "object") return;
      if (data.kind === "error") { expired = true; status(String(data.message || "")); return; }
      if (socket !== ws) return;
      wait = 500;
      if (data.kind === "frame" && data.frame) showFrame(data.frame);
      else if (data.kind === "lobby" && data.lobby) { answersHello = false; showLobby(data.lobby); }
      else if (data.kind === "done") { sentAt.delete(data.ref); root.dataset.done = String(data.ref); }
      else if (data.kind === "refused") { sentAt.delete(data.ref); toast(String(data.message || "")); }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      sentAt.clear(); // unanswered sends may or may not have landed: the next frame says which
      root.dataset.state = "connecting";
      status(say("reconnecting"));
      if (expired) { session = null; setTimeout(signIn, backoff()); } // a new session, then connect
      else setTimeout(connect, backoff());
    };
  }
  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    const ref = nextRef++;
    const full = Object.assign({}, message, { ref });
    sentAt.set(ref, full);
    socket.send(JSON.stringify(full));
    root.dataset.sent = String(ref);
    return true;
  }
  // A move for the prompt now shown: {action: i} | {actions: [i…]} | {bundle: n} (also what lodge.js sends).
  function move(what) {
    const choices = current && current.kind === "frame" ? current.frame.choices : null;
    if (!choices) return false;
    // lodge.js names the prompt of the frame it drew; a click on an older drawing is then refused, not retargeted.
    const message = { kind: "move", prompt: typeof what.prompt === "string" ? what.prompt : choices.prompt };
    if (Number.isInteger(what.action)) message.action = what.action;
    else if (Array.isArray(what.actions)) message.actions = what.actions.filter(Number.isInteger);
    else if (Number.isInteger(what.bundle)) message.bundle = what.bundle;
    else return false;
    closeMenu();
    return send(message);
  }

  // ---- drawing
  const sources = new Map(); // picture key -> data URL (a server may send a picture's src only once)
  function showPicture(img, picture) {
    if (picture && typeof picture.src === "string" && picture.src.startsWith("data:image/")) sources.set(picture.key, picture.src);
    const src = picture ? sources.get(picture.key) : undefined;
    img.hidden = !src;
    if (!src) { img.removeAttribute("src"); return; }
    if (img.getAttribute("src") !== src) img.src = src;
  }
  function docNode(doc, cls) {
    if (!doc) return null;
    const box = el("div", { cls: "doc " + cls });
    if (doc.title) box.appendChild(el("h2", { text: doc.title }));
    for (const s of doc.sections || []) {
      if (s.title) box.appendChild(el("h3", { text: s.title }));
      for (const line of s.lines || []) box.appendChild(el("p", { text: line }));
    }
    if (doc.footer) box.appendChild(el("p", { cls: "footer", text: doc.footer }));
    return box;
  }
  let shownLog = [];
  function showLog(lines) {
    const log = $("log");
    const same = lines.length >= shownLog.length && shownLog.every((t, i) => lines[i] === t);
    if (!same) log.replaceChildren();
    for (const [i, text] of lines.entries()) if (!same || i >= shownLog.length) log.appendChild(el("li", { text }));
    shownLog = lines.slice();
    const side = $("log-box");
    side.scrollTop = side.scrollHeight;
  }

  function showLobby(lobby) {
    // A game that just ended stays in sight (its result) under the lobby, until the next game's first frame.
    const ended = current && current.kind === "frame" && current.frame.over ? current.frame
      : current && current.kind === "lobby" ? current.ended : null;
    current = { kind: "lobby", lobby, ended };
    shownKey = "";
    version = -1; // the next table counts its versions from the start
    root.dataset.view = "lobby";
    $("title").textContent = lobby.title || "Rookery";
    $("turn").textContent = "";
    $("me").textContent = "";
    $("play").hidden = !ended;
    $("choices").hidden = true;
    $("hand").replaceChildren();
    const box = $("lobby");
    box.hidden = false;
    const seats = el("ul", { cls: "seats" }, (lobby.seats || []).map((s) =>
      el("li", { text: s.bot ? `${s.name} (${say("bot")})` : s.name })));
    const buttons = el("div", { cls: "buttons" });
    const act = (what, extra = {}) => () => send(Object.assign({ kind: "lobby", do: what }, extra));
    if (lobby.table !== null && lobby.table !== undefined) {
      if (lobby.can_join) buttons.appendChild(button(say("join"), act("join"), "primary lobby-join"));
      if (lobby.joined) buttons.appendChild(button(say("leave"), act("leave"), "lobby-leave"));
      if (lobby.can_add_bot) buttons.appendChild(button(say("add_bot"), act("bot"), "lobby-bot"));
      if (lobby.can_start) buttons.appendChild(button(say("start"), act("start"), "primary lobby-start"));
    } else {
      for (const game of lobby.games || []) {
        const b = button(say("open", { game: game.title }), act("open", { game: game.key }), "lobby-open");
        b.dataset.game = game.key;
        buttons.appendChild(b);
      }
    }
    box.replaceChildren(
      lobby.text ? el("p", { cls: "lobby-text", text: lobby.text }) : null,
      (lobby.seats || []).length ? el("h2", { text: say("players") }) : null,
      seats, buttons);
    if (!ended) showLog([]);
  }

  let shownKey = "";
  // The first frame after a hello is the server's answer to it: shown even if older than ours (another table
  // may have started in the channel while we were away); later ones only if not older than the one shown.
  let answersHello = false;
  function showFrame(frame, again = false) {
    if (typeof frame.version !== "number" || (frame.version < version && !answersHello)) return;
    answersHello = false;
    // The same frame again (a re-sent catch-up): keep the page as it is, a half-made "together" choice too.
    const key = JSON.stringify(Object.assign({}, frame, { picture: frame.picture && frame.picture.key,
      hand_picture: frame.hand_picture && frame.hand_picture.key }));
    if (!again && key === shownKey && current && current.kind === "frame") return;
    shownKey = key;
    version = frame.version;
    current = { kind: "frame", frame };
    const choices = frame.choices || null;
    if (!choices || choices.prompt !== chosenPrompt) { chosen = new Set(); chosenPrompt = choices ? choices.prompt : null; }
    closeMenu();
    root.dataset.version = String(frame.version);
    root.dataset.view = frame.view || "public";
    root.dataset.prompt = choices ? choices.prompt : "";
    $("lobby").hidden = true;
    $("play").hidden = false;
    $("title").textContent = frame.title || "";
    $("turn").textContent = frame.turn || "";
    const me = frame.me || {};
    $("me").textContent = me.seat ? say("playing", { name: me.name || "" }) : say("spectator");
    showPicture($("picture"), frame.picture);
    $("board").replaceChildren(...[docNode(frame.board, "board")].filter(Boolean));
    const lodgeBox = $("lodge");
    const lodge = frame.lodge && window.RookeryLodge && typeof window.RookeryLodge.render === "function";
    lodgeBox.hidden = !lodge;
    if (lodge) {
      try { window.RookeryLodge.render(lodgeBox, frame, move); } catch (e) { console.error(e); lodgeBox.hidden = true; }
    }
    // The Lodge is Black Rose Wars' board and Mage Sheet, clickable: it stands in for the picture and the cards.
    const lodgeShown = lodge && !lodgeBox.hidden;
    if (lodgeShown) $("picture").hidden = true;
    showHand(frame, choices);
    if (lodgeShown) $("hand").replaceChildren();
    showChoices(choices, frame, lodgeShown);
    showLog(frame.log || []);
  }

  // What each of the seat's actions names (a card, a room…): the contract's target keys besides index/label.
  const targetOf = (action) => (typeof action.card === "string" ? action.card : null);
  function cardActions(choices, cardId) {
    return choices ? choices.actions.filter((a) => targetOf(a) === cardId) : [];
  }
  function togetherHas(choices, index) {
    return !!(choices && choices.together && choices.together.indexes.includes(index));
  }

  function showHand(frame, choices) {
    const box = $("hand");
    const cards = Array.isArray(frame.cards) ? frame.cards : null;
    // The hand as chat words it (the seat's own sheet), below the choices: folded at first when a picture or
    // cards show the hand already, so the things to click come first on a phone; then as the user leaves it.
    const text = $("hand-text"), doc = docNode(frame.hand, "hand");
    text.hidden = !doc;
    $("hand-text-title").textContent = say("hand_text");
    text.replaceChildren($("hand-text-title"), ...(doc ? [doc] : []));
    if (!cards) {
      box.replaceChildren();
      showPicture($("hand-picture"), frame.hand_picture);
      if (doc && !text.dataset.set) { text.open = $("hand-picture").hidden; text.dataset.set = "1"; }
      return;
    }
    $("hand-picture").hidden = true;
    if (doc && !text.dataset.set) { text.open = false; text.dataset.set = "1"; }
    const row = el("div", { cls: "cards" });
    for (const card of cards) {
      const actions = cardActions(choices, card.id);
      const b = el("button", { cls: "card", text: card.label, attrs: { type: "button", "data-card": card.id } });
      if (actions.length) {
        b.classList.add("legal");
        const toggles = actions.filter((a) => togetherHas(choices, a.index));
        if (toggles.length === actions.length && actions.length === 1) {
          b.classList.toggle("chosen", chosen.has(actions[0].index));
          b.setAttribute("aria-pressed", String(chosen.has(actions[0].index)));
          b.addEventListener("click", () => toggle(actions[0].index));
        } else if (actions.length === 1) {
          b.addEventListener("click", () => move({ action: actions[0].index }));
        } else {
          b.addEventListener("click", () => openMenu(b, actions));
        }
      } else {
        b.disabled = true;
      }
      row.appendChild(b);
    }
    box.replaceChildren(el("h2", { text: say("hand") }), row);
  }

  function toggle(index) {
    if (chosen.has(index)) chosen.delete(index); else chosen.add(index);
    if (current && current.kind === "frame") {
      const f = current.frame;
      showHand(f, f.choices);
      showChoices(f.choices, f, !$("lodge").hidden);
    }
  }

  function showChoices(choices, frame, lodgeShown) {
    const box = $("choices");
    if (!choices) { box.replaceChildren(); box.hidden = true; return; }
    box.hidden = false;
    const parts = [el("h2", { text: say("choices") })];
    if (choices.ask) parts.push(el("p", { cls: "ask", text: choices.ask }));
    const bundles = el("div", { cls: "buttons bundles" });
    for (const bundle of choices.bundles || []) {
      const b = button(bundle.label, () => move({ bundle: bundle.n }), "bundle primary");
      b.dataset.bundle = String(bundle.n);
      bundles.appendChild(b);
    }
    if (bundles.children.length && !lodgeShown) parts.push(bundles);
    const cardIds = new Set((frame.cards || []).map((c) => c.id));
    const together = choices.together;
    const list = el("div", { cls: "buttons actions" });
    for (const action of choices.actions) {
      const onCard = targetOf(action) !== null && cardIds.has(targetOf(action));
      if (onCard && !lodgeShown) continue; // the card itself is the button
      const isToggle = togetherHas(choices, action.index);
      const b = button(action.label, isToggle ? () => toggle(action.index) : () => move({ action: action.index }),
        isToggle ? "toggle" : "action");
      b.dataset.action = String(action.index);
      if (isToggle) { b.classList.toggle("chosen", chosen.has(action.index)); b.setAttribute("aria-pressed", String(chosen.has(action.index))); }
      list.appendChild(b);
    }
    if (together) {
      const n = chosen.size;
      const ok = n >= together.min && n <= together.max;
      const confirm = button(say("confirm"), () => move({ actions: [...chosen].sort((a, b) => a - b) }), "primary confirm");
      confirm.disabled = !ok;
      parts.push(el("p", { cls: "picked", text: say("picked", { n, min: together.min, max: together.max }) }));
      list.appendChild(confirm);
    }
    if (lodgeShown) { // the Lodge is the interface (its own buttons too); the plain list stays reachable, folded
      const more = el("details", { cls: "all-choices" }, [el("summary", { text: say("all_choices") }), bundles, list]);
      if (list.children.length || bundles.children.length) parts.push(more);
    } else if (list.children.length) {
      parts.push(list);
    }
    if (!choices.actions.length && !bundles.children.length) parts.push(el("p", { cls: "dim", text: say("no_choices") }));
    box.replaceChildren(...parts);
  }

  // A small menu when several actions target one card.
  function openMenu(anchor, actions) {
    closeMenu();
    const menu = el("div", { cls: "menu", attrs: { role: "menu" } }, [el("p", { cls: "dim", text: say("which") })]);
    menu.id = "menu";
    for (const a of actions) {
      const b = button(a.label, () => move({ action: a.index }), "action");
      b.dataset.action = String(a.index);
      menu.appendChild(b);
    }
    menu.appendChild(button(say("cancel"), closeMenu, "cancel"));
    anchor.insertAdjacentElement("afterend", menu);
  }
  function closeMenu() { const m = $("menu"); if (m) m.remove(); }

  window.RookeryActivity = { move, send, pickLang, sdk: () => sdk }; // for lodge.js and the tests
  signIn();
})();
