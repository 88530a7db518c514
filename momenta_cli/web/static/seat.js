// A player's seat (templates/page.html with a seat): ask the server for this seat's
// open question, draw it with big buttons, and send the answer the player taps: the
// very words the GM would type, which the prompt reads as a typed answer. The seat's
// token is read from the address and sent back only to this server. Names are only
// ever set as text (textContent).
"use strict";

(function () {
  var LOOK_MS = 600;  // how often the question is asked for
  var query = window.location.search;  // ?token=...&seat=...
  var shown = "";  // the id of the question drawn ("" for none)
  var sending = false;
  var sent = "";  // the id of the question this phone last answered

  function $(id) { return document.getElementById(id); }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }

  function str(x) { return x === undefined || x === null ? "" : String(x); }
  function list(x) { return Array.isArray(x) ? x : []; }

  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }

  function camel(key) {  // no_damage -> noDamage (data-no-damage)
    return key.replace(/_([a-z])/g, function (m, c) { return c.toUpperCase(); });
  }

  function pct(p) {
    if (!p || typeof p.float !== "number") { return null; }
    var v = p.float * 100;
    return (v > 0 && v < 1 ? "<1" : String(Math.round(v))) + "%";
  }

  var ODDS = [["no_damage", "no damage"], ["guard_only", "Guard only"],
              ["any_damage", "damage"], ["wound", "a Wound"], ["defeat", "Defeated"]];

  function oddsLine(o, vigorLeft) {
    var span = el("span", "odds");
    var parts = [];
    ODDS.forEach(function (k) {
      var p = o ? o[k[0]] : null;
      if (p && typeof p.exact === "string") { span.dataset[camel(k[0])] = p.exact; }
      var t = pct(p);
      if (t !== null) { parts.push(k[1] + " " + t); }
    });
    if (vigorLeft !== null && vigorLeft !== undefined) {
      parts.push("Vigor left " + vigorLeft);
      span.dataset.vigorLeft = String(vigorLeft);
    }
    span.textContent = parts.join(" · ");
    return span;
  }

  function said(text, refused) {
    var p = $("ask-said");
    p.textContent = text;
    p.classList.toggle("refused", !!refused);
  }

  function send(q, answer, buttons) {
    if (sending) { return; }
    sending = true;
    buttons.forEach(function (b) { b.disabled = true; });
    said("sending…", false);
    sent = q.id;
    fetch("/seat/answer" + query, {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({question: q.id, answer: answer}),
      credentials: "omit", cache: "no-store"
    }).then(function (r) {
      return r.json().catch(function () { return {ok: false, why: "the server said no"}; });
    }).then(function (got) {
      sending = false;
      if (got && got.ok) {
        said(got.pending ? str(got.why) : "taken: " + (answer || "the tracker rolls"), false);
      } else {
        said("refused: " + str(got && got.why), true);
        buttons.forEach(function (b) { b.disabled = false; });
      }
      look();
    }).catch(function () {
      sending = false;
      said("not sent: the screen lost its connection", true);
      buttons.forEach(function (b) { b.disabled = false; });
    });
  }

  function option(q, o, buttons) {
    var b = el("button", "choice");
    b.type = "button";
    b.dataset.answer = str(o.answer);
    b.appendChild(el("span", "label", str(o.label)));
    if (o.detail) { b.appendChild(el("span", "detail", str(o.detail))); }
    if (o.odds || (o.vigor_left !== undefined && o.vigor_left !== null)) {
      b.appendChild(oddsLine(o.odds, o.vigor_left));
    }
    b.addEventListener("click", function () { send(q, str(o.answer), buttons); });
    buttons.push(b);
    return b;
  }

  function diceEntry(q, box, buttons) {
    var n = Number(q.dice) || 0;
    var faces = [];
    var picked = el("p", "picked");
    picked.id = "ask-faces";
    var go = el("button", "send", "Send the dice");
    go.type = "button";
    go.id = "ask-send";
    go.disabled = true;
    function redraw() {
      picked.textContent = faces.length ? faces.join(", ") : "tap each die's face";
      go.disabled = faces.length !== n;
    }
    var row = el("div", "faces");
    [1, 2, 3, 4, 5, 6].forEach(function (f) {
      var b = el("button", "face", String(f));
      b.type = "button";
      b.dataset.face = String(f);
      b.addEventListener("click", function () {
        if (faces.length < n) { faces.push(f); redraw(); }
      });
      buttons.push(b);
      row.appendChild(b);
    });
    var back = el("button", "back", "Undo a face");
    back.type = "button";
    back.addEventListener("click", function () { faces.pop(); redraw(); });
    buttons.push(back);
    go.addEventListener("click", function () { send(q, faces.join(","), buttons); });
    buttons.push(go);
    box.appendChild(row);
    box.appendChild(picked);
    box.appendChild(back);
    box.appendChild(go);
    redraw();
  }

  function draw(q, waiting) {
    var ask = $("ask");
    var body = $("ask-body");
    var id = q ? str(q.id) : "";
    ask.classList.toggle("open", !!q);
    $("ask-idle").textContent = q ? "" :
      (waiting ? "Waiting for " + waiting + "." : "Nothing to answer now.");
    if (id === shown) { return; }
    if (shown && shown !== sent && !q) {  // gone without this phone's answer
      said("Closed at the table (answered there, cancelled, or out of time).", false);
    }
    shown = id;
    clear(body);
    if (!q) { return; }
    body.dataset.question = id;
    body.dataset.kind = str(q.kind);
    body.appendChild(el("h3", null, str(q.title)));
    list(q.text).forEach(function (t) { body.appendChild(el("p", null, str(t))); });
    if (q.wrong) { body.appendChild(el("p", "wrong", "Not taken: " + str(q.wrong))); }
    var buttons = [];
    var box = el("div", "choices");
    if (Number(q.dice) > 0) {
      diceEntry(q, box, buttons);
    } else {
      list(q.options).forEach(function (o) { box.appendChild(option(q, o, buttons)); });
    }
    if (q.tracker !== null && q.tracker !== undefined) {
      var t = el("button", "tracker", "Let the tracker roll");
      t.type = "button";
      t.dataset.answer = str(q.tracker);
      t.addEventListener("click", function () { send(q, str(q.tracker), buttons); });
      buttons.push(t);
      box.appendChild(t);
    }
    body.appendChild(box);
  }

  function ownCardFirst() {
    var seat = $("ask").dataset.seat;
    var box = $("allies");
    if (!box) { return; }
    var cards = box.querySelectorAll("article.card");
    for (var i = 0; i < cards.length; i++) {
      if (cards[i].dataset.ally === seat && i > 0) {
        box.insertBefore(cards[i], box.firstChild);
        return;
      }
    }
  }

  function look() {
    fetch("/seat/question.json" + query, {credentials: "omit", cache: "no-store"})
      .then(function (r) { return r.json(); })
      .then(function (got) {
        if (got && got.ok === false) {
          draw(null, null);
          said(str(got.why), true);
          return;
        }
        draw(got.question || null, got.waiting || null);
      })
      .catch(function () { /* the next look tries again */ });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var box = $("allies");
    if (box && window.MutationObserver) {
      new MutationObserver(ownCardFirst).observe(box, {childList: true});
    }
    look();
    setInterval(function () { if (!sending) { look(); } }, LOOK_MS);
  });
}());
