// The players' screen: follow the fight by server-sent events and redraw the page from
// each snapshot ({"doc": the players' document, "svg": the map, "notice": a line}).
// Names are only ever set as text (textContent), never as markup; the map's SVG is the
// one string inserted as markup: our server draws it and escapes every name in it.
// The elements and their ids and classes are those templates/page.html draws first.
"use strict";

(function () {
  var RESOURCES = ["vitality", "guard", "vigor", "strain"];
  var source = null;

  function $(id) { return document.getElementById(id); }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }

  function list(x) { return Array.isArray(x) ? x : []; }
  function obj(x) { return x && typeof x === "object" && !Array.isArray(x) ? x : {}; }
  function str(x) { return x === undefined || x === null ? "" : String(x); }

  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }

  function conditionText(c) {
    if (c && typeof c === "object") { return str(c.text || c.name); }
    return str(c);
  }

  function conditions(items) {
    return list(items).map(conditionText).filter(function (t) { return t !== ""; });
  }

  function bars(card, src) {
    RESOURCES.forEach(function (key) {
      var pair = src[key];
      if (!Array.isArray(pair) || pair.length !== 2) { return; }
      var bar = el("div", "bar " + key);
      bar.dataset.now = str(pair[0]);
      bar.dataset.max = str(pair[1]);
      bar.appendChild(el("span", "what", key.charAt(0).toUpperCase() + key.slice(1)));
      var meter = document.createElement("meter");
      meter.min = 0;
      meter.max = Number(pair[1]) || 0;
      meter.value = Number(pair[0]) || 0;
      bar.appendChild(meter);
      bar.appendChild(el("span", "num", str(pair[0]) + "/" + str(pair[1])));
      card.appendChild(bar);
    });
  }

  function heading(who) {
    var h = el("h3");
    h.appendChild(el("span", "label", str(who.label)));
    h.appendChild(document.createTextNode(" "));
    h.appendChild(el("span", "name", str(who.name)));
    if (who.square) {
      h.appendChild(document.createTextNode(" "));
      h.appendChild(el("span", "square", str(who.square)));
    }
    if (who.status && who.status !== "up") {
      h.appendChild(document.createTextNode(" "));
      h.appendChild(el("span", "status", str(who.status)));
    }
    return h;
  }

  function conditionList(items) {
    var ul = el("ul", "conditions");
    conditions(items).forEach(function (t) { ul.appendChild(el("li", null, t)); });
    return ul;
  }

  function slotLine(cls, what, items, slots) {
    var names = conditions(items);
    var p = el("p", cls);
    p.appendChild(el("span", "what", what));
    p.appendChild(document.createTextNode(" " + (names.length ? names.join(", ") : "none")));
    if (slots !== undefined && slots !== null) {
      p.appendChild(document.createTextNode(" "));
      p.appendChild(el("span", "slots", "(" + names.length + " of " + slots + ")"));
    }
    return p;
  }

  function drawTurn(doc) {
    var turn = obj(doc.turn);
    var round = $("round");
    var hasRound = doc.round !== undefined && doc.round !== null;
    round.dataset.round = hasRound ? str(doc.round) : "";
    round.textContent = hasRound ? "Round " + doc.round : "";
    var cue = $("cue");
    var text = str(turn.cue);
    if (!text && doc.over) {
      text = doc.over_reason ? "Combat over: " + doc.over_reason : "Combat over";
    }
    var alliesDue = turn.side_due === "allies" && !turn.acting;
    cue.textContent = text;
    cue.dataset.side = str(turn.side_due);
    cue.dataset.alliesDue = alliesDue ? "true" : "false";
    cue.classList.toggle("allies-due", alliesDue);
    cue.classList.toggle("over", !!doc.over);

    var may = $("may-act");
    clear(may);
    list(turn.may_act).forEach(function (name) {
      var li = el("li", null, str(name));
      li.dataset.name = str(name);
      may.appendChild(li);
    });

    var zip = $("zipper");
    clear(zip);
    list(doc.zipper).forEach(function (z) {
      z = obj(z);
      var li = el("li", str(z.side));
      li.dataset.name = str(z.name);
      li.dataset.side = str(z.side);
      ["acting", "done", "out"].forEach(function (k) { if (z[k]) { li.classList.add(k); } });
      if (z.may_act) { li.classList.add("may"); }
      li.appendChild(el("span", "label", str(z.label)));
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("span", "name", str(z.name)));
      if (typeof z.turns_allowed === "number" && z.turns_allowed > 1) {
        li.appendChild(document.createTextNode(" "));
        li.appendChild(el("span", "turns", (z.turns_taken || 0) + " of " + z.turns_allowed +
                          " turns"));
      }
      [["acting", "acting"], ["may_act", "may act"], ["done", "done"],
       ["slowed", "Slowed"], ["surprised", "Surprised"], ["out", "out"]].forEach(function (m) {
        if (z[m[0]]) {
          li.appendChild(document.createTextNode(" "));
          li.appendChild(el("span", "mark", m[1]));
        }
      });
      zip.appendChild(li);
    });
  }

  function drawAllies(doc) {
    var box = $("allies");
    clear(box);
    list(doc.allies).forEach(function (a) {
      a = obj(a);
      var card = el("article", "card" + (a.acting ? " acting" : ""));
      card.dataset.ally = str(a.name);
      card.dataset.status = str(a.status);
      card.appendChild(heading(a));
      bars(card, a);
      card.appendChild(slotLine("wounds", "Wounds", a.wounds, a.wound_slots));
      card.appendChild(slotLine("burdens", "Burdens", a.burdens, a.burden_slots));
      card.appendChild(conditionList(a.conditions));
      box.appendChild(card);
    });
  }

  function drawEnemies(doc) {
    var box = $("enemies");
    clear(box);
    list(doc.enemies).forEach(function (e) {
      e = obj(e);
      var card = el("article", "enemy " + str(e.side) + (e.acting ? " acting" : ""));
      card.dataset.enemy = str(e.name);
      card.dataset.status = str(e.status);
      card.appendChild(heading(e));
      if (e.health) {
        var p = el("p", "health", str(e.health));
        p.dataset.health = str(e.health);
        card.appendChild(p);
      }
      bars(card, obj(e.numbers));
      card.appendChild(conditionList(e.conditions));
      box.appendChild(card);
    });
  }

  function drawResults(doc) {
    var box = $("results");
    clear(box);
    list(doc.results).forEach(function (r) { box.appendChild(el("li", null, str(r))); });
  }

  function drawMap(doc, svg) {
    var box = $("map");
    var width = obj(doc.map).width;
    if (typeof width === "number" && width > 0) {
      box.style.setProperty("--cols", String(width));
    }
    // Our own SVG, escaped where it was drawn: the only markup this script inserts.
    box.innerHTML = typeof svg === "string" ? svg : "";
  }

  function draw(snapshot, id) {
    var doc = obj(snapshot.doc);
    var notice = $("notice");
    notice.textContent = str(snapshot.notice);
    notice.hidden = !snapshot.notice;
    $("title").textContent = str(doc.title);
    if (doc.title) { document.title = doc.title + ": the players' screen"; }
    drawTurn(doc);
    drawAllies(doc);
    drawEnemies(doc);
    drawResults(doc);
    drawMap(doc, snapshot.svg);
    document.body.dataset.id = str(id);
  }

  function connected(state, text) {
    var conn = $("conn");
    conn.dataset.state = state;
    conn.textContent = text;
    document.body.classList.toggle("reconnecting", state === "reconnecting");
  }

  function connect() {
    var url = document.body.dataset.events || "/events";
    source = new EventSource(url);
    source.onopen = function () { connected("live", "live"); };
    source.onmessage = function (event) {
      var snapshot;
      try { snapshot = JSON.parse(event.data); } catch (err) { return; }
      draw(snapshot, event.lastEventId);
      connected("live", "live");
    };
    source.onerror = function () {
      connected("reconnecting", "reconnecting…");
      // The browser retries a dropped stream by itself; a refused one (the server was
      // busy, or restarting) is closed for good, so open a new one after a while.
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        setTimeout(connect, 3000);
      }
    };
  }

  document.addEventListener("DOMContentLoaded", connect);
}());
