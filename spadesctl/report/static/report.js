"use strict";
(function () {
  document.documentElement.className = "js";
  var steppers = [].slice.call(document.querySelectorAll(".stepper"));
  var active = steppers[0] || null;

  function tricksOf(hand) {
    return [].slice.call(document.querySelectorAll("#hand-" + hand + "-tricks tbody tr"));
  }

  function seatsOf(hand) {
    var table = document.getElementById("hand-" + hand + "-tricks");
    return [].map.call(table.tHead.rows[0].cells, function (th) { return th.textContent; });
  }

  function code(i) {
    // a card of a holding row: its rank as shown, and the row's suit
    var rank = i.textContent === "10" ? "T" : i.textContent;
    var suit = i.parentNode.className.split(" ")[1];
    return suit === "j" ? rank : rank + suit.toUpperCase();
  }

  function cardText(td) {
    var first = td.firstChild;
    return first && first.nodeType === 3 ? first.nodeValue : "";
  }

  function show(stepper, pos, keepHash) {
    var hand = stepper.getAttribute("data-hand");
    var rows = tricksOf(hand);
    var seats = seatsOf(hand);
    pos = Math.max(0, Math.min(rows.length, pos));
    stepper.setAttribute("data-pos", String(pos));
    var gone = {};
    rows.forEach(function (row, i) {
      row.classList.toggle("now", i + 1 === pos);
      if (i < pos) {
        [].forEach.call(row.cells, function (td, col) {
          var c = td.getAttribute("data-c");
          if (c) { gone[seats[col] + c] = true; }
        });
      }
    });
    [].forEach.call(stepper.querySelectorAll(".seat"), function (seat) {
      var s = seat.getAttribute("data-seat");
      [].forEach.call(seat.querySelectorAll(".row i"), function (i) {
        i.classList.toggle("played", !!gone[s + code(i)]);
      });
    });
    var row = pos > 0 ? rows[pos - 1] : null;
    var winner = row ? row.getAttribute("data-winner") : "";
    [].forEach.call(stepper.querySelectorAll(".slot"), function (slot) {
      var s = slot.getAttribute("data-seat");
      var td = row ? row.cells[seats.indexOf(s)] : null;
      var played = td && td.getAttribute("data-c") ? td : null;
      slot.textContent = played ? cardText(played) : "";
      slot.className = "slot slot-" + s + (played ? " " + played.className.split(" ")[0] : "") +
        (played && s === winner ? " won" : "");
    });
    var won = {};
    seats.forEach(function (s) { won[s] = 0; });
    rows.slice(0, pos).forEach(function (r) { won[r.getAttribute("data-winner")] += 1; });
    stepper.querySelector(".won-so-far").textContent = "Tricks: " + seats
      .filter(function (s) { return stepper.querySelector(".seat[data-seat='" + s + "']"); })
      .map(function (s) { return s + " " + won[s]; }).join(", ");
    var out = stepper.querySelector(".pos");
    if (row) {
      out.textContent = "Trick " + pos + " of " + rows.length + ": led by " +
        row.cells[1].textContent + ", won by " + row.cells[row.cells.length - 2].textContent;
    } else {
      out.textContent = "Before the first trick";
    }
    if (!keepHash) {
      history.replaceState(null, "", "#hand-" + hand + "-trick-" + pos);
    }
  }

  function step(stepper, how) {
    var pos = Number(stepper.getAttribute("data-pos") || "0");
    var last = Number(stepper.getAttribute("data-tricks"));
    var next = {first: 0, prev: pos - 1, next: pos + 1, last: last}[how];
    active = stepper;
    show(stepper, next, false);
  }

  steppers.forEach(function (stepper) {
    show(stepper, 0, true);
    stepper.addEventListener("click", function (e) {
      var b = e.target.closest("button[data-step]");
      if (b) { step(stepper, b.getAttribute("data-step")); }
    });
    stepper.addEventListener("focus", function () { active = stepper; });
  });

  function inView(el) {
    var r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight;
  }

  document.addEventListener("keydown", function (e) {
    if (!steppers.length || e.altKey || e.ctrlKey || e.metaKey) { return; }
    var tag = (e.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select") { return; }
    var how = {ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last"}[e.key];
    if (!how) { return; }
    // the hand last used if it is on screen, else the first hand on screen
    var target = active && inView(active) ? active : steppers.filter(inView)[0] || active;
    e.preventDefault();
    step(target, how);
  });

  function restore() {
    var m = /^#hand-(\d+(?:-\d+)?)-trick-(\d+)$/.exec(location.hash);
    if (!m) { return; }
    var stepper = document.querySelector(".stepper[data-hand='" + m[1] + "']");
    if (!stepper) { return; }
    active = stepper;
    show(stepper, Number(m[2]), true);
    stepper.scrollIntoView({block: "center"});
  }
  window.addEventListener("hashchange", restore);
  restore();

  // the index: sorting by a column, and filtering the rows by text
  var games = document.querySelector("table.games");
  if (games) {
    var body = games.tBodies[0];
    var heads = [].slice.call(games.tHead.rows[0].cells);
    heads.forEach(function (th, col) {
      var b = th.querySelector("button");
      if (!b) { return; }
      b.addEventListener("click", function () {
        var up = th.getAttribute("aria-sort") !== "ascending";
        heads.forEach(function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", up ? "ascending" : "descending");
        var numeric = th.hasAttribute("data-numeric");
        var rows = [].slice.call(body.rows);
        rows.sort(function (a, b2) {
          var x = a.cells[col].getAttribute("data-v") || a.cells[col].textContent;
          var y = b2.cells[col].getAttribute("data-v") || b2.cells[col].textContent;
          var c = numeric ? Number(x) - Number(y) : x.localeCompare(y);
          return up ? c : -c;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
    var filter = document.getElementById("filter");
    var count = document.getElementById("shown");
    filter.addEventListener("input", function () {
      var words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
      var n = 0;
      [].forEach.call(body.rows, function (r) {
        var text = r.textContent.toLowerCase();
        var hit = words.every(function (w) { return text.indexOf(w) >= 0; });
        r.hidden = !hit;
        if (hit) { n += 1; }
      });
      count.textContent = String(n);
    });
  }
})();
