// At the table: one key per die. With the cursor outside any text box, pressing a digit presses
// the face with that number (0 for a 10), as if clicked. Keys pressed while the page is still
// answering the last die wait their turn, so a quick "4 6 2" adds three dice, in that order,
// each to the dice the page holds by then (never to an older copy of them).
(function () {
  "use strict";
  var busy = false;
  var waiting = [];

  function typing(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  function press(value) {
    var button = document.querySelector('#table-turn .faces button[value="' + value + '"]');
    if (!button) { waiting = []; return; }  // no such face now (the roll is complete): drop the rest
    busy = true;
    button.click();
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    if (event.target && event.target.id === "typed-dice" && event.key === "Enter") {
      // Enter in the typed box adds the dice typed (not the form's first button)
      event.preventDefault();
      var add = document.querySelector('#table-turn button[name="add_typed"]');
      if (add) add.click();
      return;
    }
    if (typing(event.target) || !/^[0-9]$/.test(event.key)) return;
    if (!document.querySelector("#table-turn .faces")) return;
    event.preventDefault();
    var value = event.key === "0" ? "10" : event.key;
    if (busy) { waiting.push(value); } else { press(value); }
  });

  function settled() {
    busy = false;
    if (waiting.length) press(waiting.shift());
  }
  document.addEventListener("htmx:afterSettle", settled);
  document.addEventListener("htmx:responseError", settled);
  document.addEventListener("htmx:sendError", settled);
})();
