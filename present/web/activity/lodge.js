/* Black Rose Wars' Lodge as the Activity's interface (issue 35).

   window.RookeryLodge.render(element, frame, send) draws frame.lodge (present/blackrose/activity.py) into
   `element`: the Lodge as SVG hexes, the Mage Sheet as spells, and the choices left over as buttons. What a
   click does is only ever one of frame.choices (the seat's legal actions, bundles and multi-select), sent
   as send({kind: "move", prompt, action | bundle | actions}) (docs: the activity contract, issue 35).

   - A room whose actions are offered is highlighted and clickable (step there, activate it, aim at it);
     a room with nothing to do is drawn, not clickable.
   - A spell with actions (ready, cast, arm, discard, trigger in a reaction window) is a button on the
     sheet. A spell whose casts also aim at rooms is selected by its click: the rooms it can aim at light
     up, and a room's click casts it there.
   - A click that still leaves several actions (two sides of a spell, two mages in one room) lists them in
     place, by their labels; one more click chooses.
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
      back.setAttribute("aria-label", "cancel");
      back.addEventListener("click", function () { ui.menu = null; ui.spell = null; redraw(); });
      menu.appendChild(back);
    }

    function roomActions(code) {
      return actions.filter(function (a) {
        return a.room === code && (!ui.spell || a.spell === ui.spell);
      });
    }

    function spellActions(id) {
      return actions.filter(function (a) { return a.spell === id; });
    }

    var head = node("div", "lodge-head");
    if (choices && choices.ask) head.appendChild(node("div", "lodge-ask", choices.ask));
    if (lodge && lodge.casting) head.appendChild(node("div", "lodge-casting", lodge.casting.label));
    root.appendChild(head);

    if (lodge) root.appendChild(drawLodge(frame, lodge, roomActions, offer));
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
      people.forEach(function (p, i) {
        var dx = (i - (people.length - 1) / 2) * SCALE * 0.36;
        g.appendChild(token(x + dx, y + SCALE * 0.35, seatNumber(frame, p.seat), p.kind === "mage"));
      });
      var title = svgNode("title", {});
      title.textContent = [r.code + " " + r.name].concat(people.map(function (p) {
        return p.mage ? p.name + " (" + p.mage + ")" : p.name;
      })).join("\n");
      g.appendChild(title);
      if (mine.length) {
        clickable(g, r.code + " " + r.name, function () { offer(roomActions(r.code), r.code + " " + r.name); });
      }
      map.appendChild(g);
    });
    var box = node("div", "lodge-board");
    box.appendChild(map);
    return box;
  }

  function token(x, y, n, mage) {
    var g = svgNode("g", {"class": mage ? "lodge-mage" : "lodge-evo"});
    var colour = n > 0 ? SEAT_COLOUR[(n - 1) % 4] : "#c41e3e";
    if (mage) g.appendChild(svgNode("circle", {cx: x, cy: y, r: SCALE * 0.17, fill: colour, stroke: "#111"}));
    else g.appendChild(svgNode("rect", {x: x - SCALE * 0.13, y: y - SCALE * 0.13, width: SCALE * 0.26,
                                        height: SCALE * 0.26, fill: colour, stroke: "#111"}));
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
      var key = s.state_label || s.state;
      if (!groups[key]) { groups[key] = []; order.push(key); }
      groups[key].push(s);
    });
    order.forEach(function (key) {
      var group = node("div", "lodge-group");
      group.appendChild(node("div", "lodge-group-title", key));
      groups[key].forEach(function (s) {
        var mine = spellActions(s.id);
        var card = node(mine.length ? "button" : "div", "lodge-spell state-" + s.state +
                        (mine.length ? " target" : "") + (ui.spell === s.id ? " selected" : ""));
        card.setAttribute("data-spell", s.id);
        card.appendChild(node("span", "lodge-spell-name", s.label));
        if (s.slot) card.appendChild(node("span", "lodge-spell-slot", s.slot));
        if (mine.length) {
          card.type = "button";
          card.addEventListener("click", function () {
            var aimed = mine.filter(function (a) { return a.room; });
            if (!aimed.length) { ui.spell = null; offer(mine, s.label); return; }
            // A spell that aims at rooms: select it, so its rooms light up; its other actions are listed.
            ui.spell = ui.spell === s.id ? null : s.id;
            var rest = mine.filter(function (a) { return !a.room; });
            ui.menu = ui.spell && rest.length ? {title: s.label, indexes: rest.map(function (a) { return a.index; })}
              : null;
            redraw();
          });
        }
        group.appendChild(card);
      });
      box.appendChild(group);
    });
    return box;
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
