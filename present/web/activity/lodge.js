/* Black Rose Wars' Lodge as the Activity's interface (issue 35).

   window.RookeryLodge.render(element, frame, send) draws frame.lodge (present/blackrose/activity.py) into
   `element`: the Lodge as SVG hexes, the Mage Sheet as spells, and the choices left over as buttons. What a
   click does is only ever one of frame.choices (the seat's legal actions, bundles and multi-select), sent
   as send({kind: "move", prompt, action | bundle | actions}) (docs: the activity contract, issue 35).

   - A room whose actions are offered is highlighted and clickable: step there, activate it, attack who is
     there, aim the spell being cast (the engine's own target step).
   - A spell with actions (ready, cast, arm, discard, trigger in a reaction window) is clickable on the
     sheet; a spell with several shows each as a button on it ("Fireball (straight)", "(reverse)").
   - A spell that is cast (or discarded) and aimed in one action ("Cast Fireball at B3") is dragged onto
     its room, or tapped (selected: its rooms light up) and then its room tapped.
   - A click that still leaves several actions (two mages in one room) lists them in place, by their
     labels; one more click chooses.
   Plain JS, no build step, no inline script, no innerHTML: server strings only ever go in as text. */
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var SCALE = 40;  // px per hex size in the SVG's own units (the SVG scales to its box)
  var ROOM_FILL = {red: "#963630", yellow: "#a8862c", blue: "#305698", grey: "#64666c", green: "#347640",
                   purple: "#6c3e88", black: "#221a22"};
  var SEAT_COLOUR = ["#f08424", "#40c4e8", "#ec60b8", "#f6f0e0"];
  var here = document.currentScript ? document.currentScript.src : "";

  function node(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function svgNode(tag, attrs) {
    var e = document.createElementNS(SVG, tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, String(attrs[k])); });
    return e;
  }

  function styles() {  // the Lodge's own stylesheet, beside this script (CSP: style-src 'self')
    if (!here || document.querySelector("link[data-rookery-lodge]")) return;
    var link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = here.replace(/lodge\.js(\?.*)?$/, "lodge.css");
    link.setAttribute("data-rookery-lodge", "");
    document.head.appendChild(link);
  }

  function hexPoints(x, y, size) {
    var pts = [];
    for (var i = 0; i < 6; i++) {
      var a = Math.PI / 180 * (60 * i - 30);  // pointy-top, as the board picture draws the Lodge
      pts.push((x + size * Math.cos(a)).toFixed(1) + "," + (y + size * Math.sin(a)).toFixed(1));
    }
    return pts.join(" ");
  }

  function seatNumber(frame, seat) {
    var seats = (frame.seats || []).map(function (s) { return s.seat; });
    return seats.indexOf(seat) + 1;
  }

  function clickable(e, label, onClick) {
    e.setAttribute("role", "button");
    e.setAttribute("tabindex", "0");
    e.setAttribute("aria-label", label);
    e.addEventListener("click", onClick);
    e.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); onClick(ev); }
    });
  }

  function render(root, frame, send) {
    styles();
    var choices = frame.choices || null;
    var lodge = frame.lodge || null;
    var actions = choices ? choices.actions || [] : [];
    var byIndex = {};
    actions.forEach(function (a) { byIndex[a.index] = a; });
    var ui = root.rookeryLodge || {};
    // A selection belongs to one prompt: a new prompt (or none) starts afresh.
    if (!choices || ui.prompt !== choices.prompt) {
      ui = {prompt: choices ? choices.prompt : null, spell: null, menu: null, ticked: []};
    }
    root.rookeryLodge = ui;
    while (root.firstChild) root.removeChild(root.firstChild);
    root.classList.add("rookery-lodge");

    function move(body) {
      var msg = {kind: "move", prompt: choices.prompt};
      Object.keys(body).forEach(function (k) { msg[k] = body[k]; });
      ui.spell = null;
      ui.menu = null;
      send(msg);
    }

    function redraw() { render(root, frame, send); }

    function offer(list, title) {  // one action sends; several are listed in place
      if (list.length === 1) { move({action: list[0].index}); return; }
      ui.menu = {title: title, indexes: list.map(function (a) { return a.index; })};
      redraw();
      var first = root.querySelector(".lodge-menu button");
      if (first) first.focus();
    }

    var menu = node("div", "lodge-menu");
    var listed = ui.menu ? ui.menu.indexes.filter(function (i) { return byIndex[i]; }) : [];
    menu.hidden = !listed.length;
    if (listed.length) {
      menu.appendChild(node("div", "lodge-menu-title", ui.menu.title));
      listed.forEach(function (i) {
        var b = node("button", "lodge-choice", byIndex[i].label);
        b.type = "button";
        b.setAttribute("data-index", i);
        b.addEventListener("click", function () { move({action: i}); });
        menu.appendChild(b);
      });
      var back = node("button", "lodge-cancel", "✕");
      back.type = "button";
      back.setAttribute("aria-label", (lodge && lodge.words && lodge.words.cancel) || "✕");
      back.addEventListener("click", function () { ui.menu = null; ui.spell = null; redraw(); });
      menu.appendChild(back);
    }

    // What a place on the map offers: a room's own actions, a model's there (`model`), the room's
    // activation token (`activate`); with a spell selected, only that spell's aims.
    function place(code, part) {
      return actions.filter(function (a) {
        if (a.room !== code || (ui.spell ? a.spell !== ui.spell : a.spell)) return false;
        if (part && part.model) return a.model === part.model;
        if (part && part.activate) return !a.model && !!a.activate;
        return !a.model && !a.activate;
      });
    }

    function anywhere(code) {  // everything the room offers, wherever in it
      return actions.filter(function (a) { return a.room === code && (ui.spell ? a.spell === ui.spell : !a.spell); });
    }

    function roomActions(code, part) {
      var found = place(code, part);
      return found.length || part ? found : anywhere(code);
    }

    function spellActions(id) {
      return actions.filter(function (a) { return a.spell === id; });
    }

    var head = node("div", "lodge-head");
    if (choices && choices.ask) head.appendChild(node("div", "lodge-ask", choices.ask));
    if (lodge && lodge.casting) head.appendChild(node("div", "lodge-casting", lodge.casting.label));
    var aiming = lodge && lodge.sheet && lodge.words && lodge.words.aim &&
      actions.some(function (a) { return a.spell && a.room; });
    if (aiming) head.appendChild(node("div", "lodge-hint", lodge.words.aim));
    root.appendChild(head);

    if (lodge) root.appendChild(drawLodge(frame, lodge, roomActions, offer));
    ui.aim = roomActions;  // a spell dropped on the map aims where it lands (drawSpell)
    root.appendChild(menu);
    if (lodge && lodge.sheet) root.appendChild(drawSheet(lodge.sheet, ui, spellActions, offer, redraw));
    if (choices) root.appendChild(drawRest(choices, actions, ui, move));
  }

  function drawLodge(frame, lodge, roomActions, offer) {
    var all = (lodge.rooms || []).concat(lodge.cells || []);
    var xs = all.map(function (r) { return r.x * SCALE; });
    var ys = all.map(function (r) { return r.y * SCALE; });
    var pad = SCALE * 1.05;
    var minX = Math.min.apply(null, xs) - pad, minY = Math.min.apply(null, ys) - pad;
    var w = Math.max.apply(null, xs) + pad - minX, h = Math.max.apply(null, ys) + pad - minY;
    var map = svgNode("svg", {viewBox: [minX, minY, w, h].map(function (n) { return n.toFixed(1); }).join(" "),
                              "class": "lodge-map", role: "group"});
    (lodge.cells || []).forEach(function (c) {
      var g = svgNode("g", {"class": "lodge-cell", "data-seat": c.seat});
      var n = seatNumber(frame, c.seat);
      g.appendChild(svgNode("polygon", {points: hexPoints(c.x * SCALE, c.y * SCALE, SCALE * 0.55),
                                         fill: "#2a2a30", stroke: SEAT_COLOUR[(n - 1 + 4) % 4], "stroke-width": 3}));
      var t = svgNode("title", {});
      t.textContent = c.name;
      g.appendChild(t);
      if (c.here) g.appendChild(token(c.x * SCALE, c.y * SCALE, n, true));
      map.appendChild(g);
    });
    (lodge.rooms || []).forEach(function (r) {
      var x = r.x * SCALE, y = r.y * SCALE;
      var mine = roomActions(r.code);
      var g = svgNode("g", {"class": "lodge-room" + (mine.length ? " target" : "") + (r.destroyed ? " destroyed" : ""),
                            "data-room": r.code});
      g.appendChild(svgNode("polygon", {points: hexPoints(x, y, SCALE * 0.96),
                                         fill: r.destroyed ? "#3a3432" : (ROOM_FILL[r.colour] || "#555"),
                                         "class": "lodge-hex"}));
      var code = svgNode("text", {x: x, y: y - SCALE * 0.38, "class": "lodge-code", "text-anchor": "middle"});
      code.textContent = r.code;
      g.appendChild(code);
      var name = svgNode("text", {x: x, y: y - SCALE * 0.12, "class": "lodge-name", "text-anchor": "middle"});
      name.textContent = r.name.length > 12 ? r.name.slice(0, 11) + "…" : r.name;
      g.appendChild(name);
      if (r.activated) g.appendChild(svgNode("circle", {cx: x + SCALE * 0.55, cy: y - SCALE * 0.3, r: 4,
                                                        "class": "lodge-used"}));
      var people = r.here || [];
      var parts = [];  // the room's clickable places, drawn over it
      var go = roomActions(r.code, {activate: true});
      if (go.length) {
        var badge = svgNode("g", {"class": "lodge-activate target", "data-room": r.code, "data-activate": ""});
        badge.appendChild(svgNode("circle", {cx: x + SCALE * 0.5, cy: y - SCALE * 0.42, r: SCALE * 0.24}));
        var bolt = svgNode("text", {x: x + SCALE * 0.5, y: y - SCALE * 0.34, "text-anchor": "middle",
                                    "class": "lodge-token"});
        bolt.textContent = "⚡";
        badge.appendChild(bolt);
        parts.push([badge, go, r.code + " ⚡"]);
      }
      people.forEach(function (p, i) {
        var dx = (i - (people.length - 1) / 2) * SCALE * 0.4;
        var aimed = roomActions(r.code, {model: p.id});
        var t = token(x + dx, y + SCALE * 0.4, seatNumber(frame, p.seat), p.kind === "mage", aimed.length > 0);
        t.setAttribute("data-room", r.code);
        t.setAttribute("data-model", p.id);
        var tip = svgNode("title", {});
        tip.textContent = p.mage ? p.name + " (" + p.mage + ")" : p.name;
        t.appendChild(tip);
        g.appendChild(t);
        if (aimed.length) parts.push([t, aimed, p.name]);
      });
      var title = svgNode("title", {});
      title.textContent = [r.code + " " + r.name].concat(people.map(function (p) {
        return p.mage ? p.name + " (" + p.mage + ")" : p.name;
      })).join("\n");
      g.appendChild(title);
      if (mine.length) {
        clickable(g, r.code + " " + r.name, function () { offer(roomActions(r.code), r.code + " " + r.name); });
      }
      parts.forEach(function (part) {  // a place's click is its own, not the room's
        var e = part[0], list = part[1], said = part[2];
        if (e.parentNode !== g) g.appendChild(e);
        clickable(e, said, function (ev) { ev.stopPropagation(); offer(list, said); });
      });
      map.appendChild(g);
    });
    var box = node("div", "lodge-board");
    box.appendChild(map);
    return box;
  }

  function token(x, y, n, mage, target) {
    var g = svgNode("g", {"class": (mage ? "lodge-mage" : "lodge-evo") + (target ? " target" : "")});
    var colour = n > 0 ? SEAT_COLOUR[(n - 1) % 4] : "#c41e3e";
    var size = target ? 0.24 : 0.17;  // a model to click is drawn bigger: a finger's target
    if (mage) g.appendChild(svgNode("circle", {cx: x, cy: y, r: SCALE * size, fill: colour, stroke: "#111"}));
    else g.appendChild(svgNode("rect", {x: x - SCALE * size * 0.8, y: y - SCALE * size * 0.8,
                                        width: SCALE * size * 1.6, height: SCALE * size * 1.6, fill: colour,
                                        stroke: "#111"}));
    var t = svgNode("text", {x: x, y: y + SCALE * 0.07, "text-anchor": "middle", "class": "lodge-token"});
    t.textContent = n > 0 ? String(n) : "";
    g.appendChild(t);
    return g;
  }

  function drawSheet(sheet, ui, spellActions, offer, redraw) {
    var box = node("div", "lodge-sheet");
    var groups = {};
    var order = [];
    sheet.forEach(function (s) {
      var key = s.group || s.state_label || s.state;
      if (!groups[key]) { groups[key] = []; order.push(key); }
      groups[key].push(s);
    });
    order.forEach(function (key) {
      var group = node("div", "lodge-group");
      group.appendChild(node("div", "lodge-group-title", key));
      groups[key].forEach(function (s) { group.appendChild(drawSpell(s, ui, spellActions(s.id), offer, redraw)); });
      box.appendChild(group);
    });
    return box;
  }

  function drawSpell(s, ui, mine, offer, redraw) {
    var aimed = mine.filter(function (a) { return a.room; });
    var plain = mine.filter(function (a) { return !a.room; });
    var whole = !aimed.length && plain.length === 1;  // the card itself is the one action's button
    var card = node(whole ? "button" : "div", "lodge-spell state-" + s.state + (mine.length ? " target" : "") +
                    (aimed.length ? " aims" : "") + (ui.spell === s.id ? " selected" : ""));
    card.setAttribute("data-spell", s.id);
    card.appendChild(node("span", "lodge-spell-name", s.label));
    if (s.slot) card.appendChild(node("span", "lodge-spell-slot", s.slot));
    if (whole) {
      card.type = "button";
      card.setAttribute("data-index", plain[0].index);
      card.addEventListener("click", function () { offer(plain, s.label); });
      return card;
    }
    if (plain.length) {
      var row = node("span", "lodge-spell-actions");
      plain.forEach(function (a) {
        var b = node("button", "lodge-sub", a.label);
        b.type = "button";
        b.setAttribute("data-index", a.index);
        b.addEventListener("pointerdown", function (ev) { ev.stopPropagation(); });
        b.addEventListener("click", function (ev) { ev.stopPropagation(); offer([a], s.label); });
        row.appendChild(b);
      });
      card.appendChild(row);
    }
    if (aimed.length) {
      // Tap: select it (its rooms light up; tap again to let go). Drag onto a room: aim it there at once.
      var toggle = function () { ui.spell = ui.spell === s.id ? null : s.id; ui.menu = null; redraw(); };
      clickable(card, s.label, function (ev) { if (ev.type === "keydown") toggle(); });
      card.addEventListener("pointerdown", function (ev) {
        if (ev.button !== undefined && ev.button !== 0) return;
        ev.preventDefault();
        var was = ui.spell, x0 = ev.clientX, y0 = ev.clientY;
        ui.spell = s.id;
        ui.menu = null;
        redraw();
        function up(e) {
          window.removeEventListener("pointerup", up);
          var moved = Math.abs(e.clientX - x0) + Math.abs(e.clientY - y0) > 8;
          var under = document.elementFromPoint(e.clientX, e.clientY);
          var at = under && under.closest ? under.closest("[data-room]") : null;
          var code = at ? at.getAttribute("data-room") : null;
          var part = !at ? null : at.hasAttribute("data-model") ? {model: at.getAttribute("data-model")}
            : at.hasAttribute("data-activate") ? {activate: true} : null;
          var there = code && ui.aim ? ui.aim(code, part) : [];
          if (moved && there.length) { offer(there, s.label + " · " + code); return; }
          if (!moved && was === s.id) { ui.spell = null; redraw(); }  // a second tap lets go
        }
        window.addEventListener("pointerup", up);
      });
    }
    return card;
  }

  function drawRest(choices, actions, ui, move) {
    var box = node("div", "lodge-rest");
    (choices.bundles || []).forEach(function (b) {
      var btn = node("button", "lodge-bundle", b.label);
      btn.type = "button";
      btn.setAttribute("data-bundle", b.n);
      btn.addEventListener("click", function () { move({bundle: b.n}); });
      box.appendChild(btn);
    });
    var together = choices.together || null;
    var tick = together ? together.indexes || [] : [];
    actions.forEach(function (a) {
      if (a.room || a.spell) return;  // on the Lodge or the sheet
      var btn = node("button", "lodge-choice", a.label);
      btn.type = "button";
      btn.setAttribute("data-index", a.index);
      if (tick.indexOf(a.index) >= 0) {
        btn.setAttribute("aria-pressed", ui.ticked.indexOf(a.index) >= 0 ? "true" : "false");
        btn.addEventListener("click", function () {
          var at = ui.ticked.indexOf(a.index);
          if (at >= 0) ui.ticked.splice(at, 1); else ui.ticked.push(a.index);
          btn.setAttribute("aria-pressed", at >= 0 ? "false" : "true");
          confirm.disabled = ui.ticked.length < together.min || ui.ticked.length > together.max;
        });
      } else {
        btn.addEventListener("click", function () { move({action: a.index}); });
      }
      box.appendChild(btn);
    });
    var confirm = node("button", "lodge-confirm", "✔");
    if (tick.length) {
      confirm.type = "button";
      confirm.disabled = ui.ticked.length < together.min || ui.ticked.length > together.max;
      confirm.addEventListener("click", function () { move({actions: ui.ticked.slice()}); ui.ticked = []; });
      box.appendChild(confirm);
    }
    return box;
  }

  window.RookeryLodge = {render: render};
})();
