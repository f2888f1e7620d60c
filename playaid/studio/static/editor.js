// The editor page's guard: nothing a GM typed is replaced, lost, or shown as saved when it is not.
//
// The form and the YAML view are two views of one text, kept in step by the server: each
// change is posted and the answer redraws the other view. An answer is always a little
// late, so while it travelled the GM may have typed on. Therefore:
// - the YAML box is never swapped out: an answer's text is merged with what was typed since
//   the request left (a three-way merge of one edit each side), and the cursor stays put;
// - a form control typed in since the request left keeps its value (and focus) when the
//   form is redrawn around it;
// - unsaved work is kept as a draft in this browser and offered back after a reload or a
//   crash, leaving asks first, and a page the browser restored from its history is shown as
//   the file holds it (plus the offer), never with values Save would not write.
(function () {
  "use strict";
  const form = document.getElementById("editor");
  if (!form) return;
  const draftKey = "playaid-draft:" + location.pathname;
  const typed = { yaml: 0, fields: 0 };  // keystrokes so far, per view
  const touched = new Map();              // form control name -> keystroke count when last changed
  let replying = null;                    // what the request now answered carried when it left
  let savedAt = { yaml: 0, fields: 0 };   // the keystroke counts the file on disk holds
  let restoring = null;                   // form values to put back after a redraw
  let fromDisk = false;                   // the answer now swapped in is the file as saved on disk
  let formApplied = 0;                    // form keystrokes the server has put into the text so far
  const carriesForm = (path) => /\/api\/(form|add|remove)\//.test(path);

  const box = () => document.getElementById("yaml");
  const fields = () => document.getElementById("fields");
  const dirty = () => typed.yaml !== savedAt.yaml || typed.fields !== savedAt.fields ||
    (box() !== null && box().value !== box().dataset.saved);

  // ---- the three-way merge of the YAML text ----------------------------------------------
  function span(a, b) {  // the one region where b differs from a: [start, end in a, end in b]
    let p = 0;
    const n = Math.min(a.length, b.length);
    while (p < n && a[p] === b[p]) p++;
    let s = 0;
    while (s < n - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
    return [p, a.length - s, b.length - s];
  }
  function merge(base, ours, theirs) {  // null when both sides changed the same place
    if (ours === base) return { text: theirs, shift: span(base, theirs) };
    if (theirs === base || theirs === ours) return { text: ours, shift: null };
    const [p1, e1, o1] = span(base, ours);
    const [p2, e2, t2] = span(base, theirs);
    const mine = ours.slice(p1, o1);
    if (e1 <= p2) return { text: theirs.slice(0, p1) + mine + theirs.slice(e1), shift: null };
    if (e2 <= p1) {
      const d = theirs.length - base.length;
      return { text: theirs.slice(0, p1 + d) + mine + theirs.slice(e1 + d), shift: [0, 0, 0, d] };
    }
    return null;
  }
  function moved(at, shift) {  // a cursor position in the old text, in the new one
    if (!shift) return at;
    if (shift.length === 4) return at + shift[3];
    const [p, e, t] = shift;
    return at <= p ? at : at >= e ? at + (t - e) : t;
  }
  function takeText(theirs) {
    const el = box();
    const base = replying ? replying.text : el.value;
    const result = merge(base, el.value, theirs);
    if (result === null) {  // both touched one place: keep what the GM typed, let the form follow it
      note("Your typing and the form's last change met on one line: the YAML view keeps what you typed.");
      htmx.trigger(el, "input");
      return;
    }
    if (result.text === el.value) return;
    const [a, b, dir] = [el.selectionStart, el.selectionEnd, el.selectionDirection];
    const top = el.scrollTop;
    el.value = result.text;
    if (document.activeElement === el) el.setSelectionRange(moved(a, result.shift), moved(b, result.shift), dir);
    el.scrollTop = top;
    if (fromDisk) el.dataset.saved = result.text;
    keepDraft();
  }

  // ---- what each request carried --------------------------------------------------------
  document.addEventListener("htmx:beforeRequest", (e) => {
    if (!form.contains(e.detail.elt) && e.detail.elt !== form) return;
    // what the answer's form will hold: the form's values as sent when the server applies
    // them (form, add, remove), else only what earlier answers already put into the text
    const path = (e.detail.pathInfo && e.detail.pathInfo.requestPath) ||
      (e.detail.requestConfig && e.detail.requestConfig.path) || "";
    e.detail.xhr.playaidSent = { text: box() ? box().value : "", yaml: typed.yaml, fields: typed.fields,
                                 applied: carriesForm(path) ? typed.fields : formApplied };
  });
  document.addEventListener("htmx:beforeSwap", (e) => {
    replying = e.detail.xhr.playaidSent || null;
    fromDisk = /\/api\/reload\//.test(e.detail.pathInfo.requestPath);
  });
  document.addEventListener("htmx:afterSettle", () => { replying = null; markStale(); });

  document.addEventListener("htmx:oobBeforeSwap", (e) => {
    const target = e.detail.target;
    const incoming = e.detail.fragment && (e.detail.fragment.id ? e.detail.fragment
      : e.detail.fragment.firstElementChild);
    if (target.id === "yaml" && incoming) {
      e.detail.shouldSwap = false;  // the box stays: its text is merged, its cursor kept
      takeText(incoming.value !== undefined ? incoming.value : incoming.textContent);
    } else if (target.id === "fields" && replying) {
      restoring = [];
      for (const el of target.querySelectorAll("input, textarea, select")) {
        const since = touched.get(el.name);
        if (el.name && since !== undefined && since > replying.applied) {
          restoring.push({ name: el.name, id: el.id, value: el.value, checked: el.checked,
                           focus: document.activeElement === el,
                           sel: [el.selectionStart, el.selectionEnd] });
        }
      }
    }
  });
  document.addEventListener("htmx:oobAfterSwap", (e) => {
    if (e.detail.target.id !== "fields") return;
    for (const r of restoring || []) {
      const el = document.getElementById(r.id) || form.querySelector(`[name="${CSS.escape(r.name)}"]`);
      if (!el) continue;
      if (el.type === "checkbox") el.checked = r.checked; else el.value = r.value;
      if (r.focus) {
        el.focus();
        if (r.sel[0] !== null && el.setSelectionRange) el.setSelectionRange(r.sel[0], r.sel[1]);
      }
    }
    // the old form's pending post went with it: the values kept here are posted anew
    if (restoring && restoring.length) htmx.trigger(fields(), "input");
    restoring = null;
  });

  // ---- typing, saving, leaving ----------------------------------------------------------
  form.addEventListener("input", (e) => {
    if (e.target.id === "yaml") typed.yaml++;
    else if (e.target.name) { typed.fields++; touched.set(e.target.name, typed.fields); }
    keepDraftSoon();
  });
  form.addEventListener("change", (e) => {  // a select or checkbox fires change, not always input
    if (e.target.name && e.target.id !== "yaml" && e.target.type !== "text") {
      typed.fields++; touched.set(e.target.name, typed.fields);
    }
  });
  document.addEventListener("htmx:afterRequest", (e) => {
    const sent = e.detail.xhr.playaidSent;
    if (sent && e.detail.successful && carriesForm(e.detail.pathInfo.requestPath)) {
      formApplied = Math.max(formApplied, sent.fields);
    }
    if (!sent || !e.detail.successful || !/\/api\/save\//.test(e.detail.pathInfo.requestPath)) return;
    savedAt = { yaml: sent.yaml, fields: sent.fields };
    if (box()) box().dataset.saved = sent.text;
    if (!dirty()) localStorage.removeItem(draftKey);
  });
  window.addEventListener("beforeunload", (e) => {
    if (!dirty()) return;
    keepDraft();
    e.preventDefault();
    e.returnValue = "";  // the browser asks "Leave site? Changes you made may not be saved."
  });

  let draftTimer = 0;
  function keepDraftSoon() { clearTimeout(draftTimer); draftTimer = setTimeout(keepDraft, 400); }
  function keepDraft() {
    if (!box() || !dirty()) return;
    try {
      const base = document.getElementById("base");
      localStorage.setItem(draftKey, JSON.stringify({ text: box().value, at: Date.now(), base: base && base.value }));
    } catch (_) { /* storage full or refused: the leave warning still stands */ }
  }

  function note(text) {
    const status = document.getElementById("status");
    if (status) status.textContent = text;
  }

  // ---- a YAML text that does not read: the last good form stays, marked -----------------
  function markStale() {
    const summary = document.getElementById("summary");
    const f = fields();
    if (!summary || !f) return;
    const broken = summary.dataset.broken === "1";
    f.classList.toggle("stale", broken);
    f.inert = broken;
  }

  // ---- on arrival: a restored page shows the file; a kept draft is offered --------------
  function restoredControls() {
    return [...form.elements].filter((el) => {
      if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
      if (el.tagName === "SELECT") return [...el.options].some((o) => o.selected !== o.defaultSelected);
      return "defaultValue" in el && el.value !== el.defaultValue;
    });
  }
  function offerDraft() {
    let kept = null;
    try { kept = JSON.parse(localStorage.getItem(draftKey) || "null"); } catch (_) { kept = null; }
    if (!kept || typeof kept.text !== "string" || !box() || kept.text === box().value) return;
    const offer = document.createElement("div");
    offer.className = "draft-offer";
    offer.setAttribute("role", "alert");
    const when = new Date(kept.at).toLocaleString();
    offer.innerHTML = "<p>This browser kept changes to this file that were never saved (" +
      "<span class='when'></span>). Bring them back into the editor? Nothing is written until you press Save.</p>" +
      "<button type='button' class='restore'>Bring back my changes</button> " +
      "<button type='button' class='discard'>Throw them away</button>";
    offer.querySelector(".when").textContent = when;
    const base = document.getElementById("base");
    if (base && kept.base && kept.base !== base.value) {
      const warn = document.createElement("p");
      warn.textContent = "The file has changed on disk since then: bringing them back replaces those changes in the editor.";
      offer.insertBefore(warn, offer.querySelector(".restore"));
    }
    offer.querySelector(".restore").addEventListener("click", () => {
      box().value = kept.text;
      typed.yaml++;
      htmx.trigger(box(), "input");
      offer.remove();
    });
    offer.querySelector(".discard").addEventListener("click", () => {
      localStorage.removeItem(draftKey);
      offer.remove();
    });
    form.parentElement.insertBefore(offer, form);
  }
  function showTheFile() {
    // Chrome fills a form it remembers from history after the page is parsed, some of it
    // after this script ran: those values are the browser's memory, not the file
    if (restoredControls().length) form.reset();
  }
  function arrive() {
    if (box()) box().dataset.saved = box().defaultValue;
    showTheFile();
    markStale();
    offerDraft();
  }
  window.addEventListener("pageshow", (e) => {
    if (e.persisted) location.reload();  // back from the history cache: ask the file again
    else showTheFile();
  });
  arrive();
})();
