// The Discord client's side of the Embedded App SDK's postMessage protocol, for tests (tests/support/
// activity_client.py serves this page at https://discord.com/… through Chromium's host-resolver-rules, so the
// SDK's origin check passes). It frames the Activity and answers the SDK: the handshake with READY, then
// commands by nonce. Everything it receives and sends is kept in window.standIn.log for the tests to read.
"use strict";
(() => {
  const query = new URLSearchParams(location.search);
  const config = JSON.parse(query.get("config"));   // {activity, user, locale, app_id}
  const frame = document.getElementById("activity");
  const target = new URL(config.activity).origin;
  const log = [];
  let participants = config.participants || [];
  const subscriptions = new Set();
  const user = config.user;  // {id, username, global_name}
  const standIn = { log, handshake: null, subscriptions, tokens: [] };
  window.standIn = standIn;

  function post(message) {
    log.push({ dir: "out", message });
    frame.contentWindow.postMessage(message, target);
  }
  const reply = (cmd, nonce, data) => post([1, { cmd, evt: null, nonce, data }]);
  const fail = (cmd, nonce, code, message) => post([1, { cmd, evt: "ERROR", nonce, data: { code, message } }]);
  const dispatch = (evt, data) => post([1, { cmd: "DISPATCH", evt, nonce: null, data }]);
  const participant = (p) => ({ id: p.id, username: p.username, global_name: p.global_name ?? null,
    discriminator: "0", avatar: null, flags: 0, bot: false });

  // The Python side tells every open page when someone opens or closes the Activity.
  standIn.setParticipants = (list) => {
    participants = list;
    if (subscriptions.has("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE")) {
      dispatch("ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", { participants: list.map(participant) });
    }
  };

  async function command({ cmd, args, evt, nonce }) {
    switch (cmd) {
      case "AUTHORIZE": {
        if (!args || args.client_id !== config.app_id || !(args.scope || []).includes("identify")) {
          return fail(cmd, nonce, 4009, "Invalid client id or scope");
        }
        const answer = await fetch("/stand-in/authorize", { method: "POST", body: JSON.stringify({ user: user.id }) });
        if (!answer.ok) return fail(cmd, nonce, 5000, "Authorization failed");
        return reply(cmd, nonce, { code: (await answer.json()).code });
      }
      case "AUTHENTICATE":
        if (!args || typeof args.access_token !== "string" || !args.access_token) {
          return fail(cmd, nonce, 4006, "Invalid access token");
        }
        standIn.tokens.push(args.access_token);
        return reply(cmd, nonce, { access_token: args.access_token,
          user: { id: user.id, username: user.username, discriminator: "0", global_name: user.global_name ?? null,
            avatar: null, public_flags: 0 },
          scopes: ["identify"], expires: new Date(Date.now() + 7 * 86400e3).toISOString(),
          application: { id: config.app_id, name: "Rookery", description: "", icon: null } });
      case "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS":
        return reply(cmd, nonce, { participants: participants.map(participant) });
      case "SUBSCRIBE":
        subscriptions.add(evt);
        return reply(cmd, nonce, { evt });
      case "UNSUBSCRIBE":
        subscriptions.delete(evt);
        return reply(cmd, nonce, { evt });
      case "CAPTURE_LOG":
        return reply(cmd, nonce, null);
      case "USER_SETTINGS_GET_LOCALE":
        return reply(cmd, nonce, { locale: config.locale || "en-US" });
      default:
        return fail(cmd, nonce, 4002, `Invalid command: ${cmd}`);
    }
  }

  window.addEventListener("message", (event) => {
    if (event.source !== frame.contentWindow || event.origin !== target) return;
    const data = event.data;
    log.push({ dir: "in", message: data });
    if (!Array.isArray(data)) return;
    const [opcode, payload] = data;
    if (opcode === 0) { // HANDSHAKE -> READY
      standIn.handshake = payload;
      if (payload.client_id !== config.app_id || payload.v !== 1) return post([2, { code: 4000, message: "Invalid handshake" }]);
      dispatch("READY", { v: 1, config: { api_endpoint: "//discord.com/api", environment: "production",
        cdn_host: "cdn.discordapp.com" }, user: { id: user.id, username: user.username, discriminator: "0" } });
    } else if (opcode === 1) {
      command(payload).catch((e) => fail(payload.cmd, payload.nonce, 5000, String(e)));
    }
  });
  frame.src = config.activity;
})();
