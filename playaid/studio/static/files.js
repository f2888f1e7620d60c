// The Files list is drawn anew whenever a file of the folder changes (another program, or
// the GM's own rename, copy or delete). A row the GM has opened stays open across that, and
// a new name half typed in it stays typed, with the cursor where it was: nothing typed is lost.
(() => {
  let kept = [];

  document.addEventListener("htmx:beforeSwap", (e) => {
    const list = document.getElementById("files");
    if (!list || e.detail.target !== list) return;
    kept = [...list.querySelectorAll("details.file-actions[open]")].map((row) => {
      const file = row.querySelector("input[name=file]");
      const name = row.querySelector("input[name=name]");
      return { file: file ? file.value : null, name: name ? name.value : null,
               focused: name !== null && document.activeElement === name,
               start: name ? name.selectionStart : null, end: name ? name.selectionEnd : null };
    });
  });

  document.addEventListener("htmx:afterSwap", () => {
    const list = document.getElementById("files");
    if (!list || kept.length === 0) return;
    for (const was of kept) {
      const file = [...list.querySelectorAll("details.file-actions input[name=file]")].find((i) => i.value === was.file);
      if (!file) continue;  // renamed or deleted meanwhile: its row is gone
      const row = file.closest("details");
      row.open = true;
      const name = row.querySelector("input[name=name]");
      if (name && was.name !== null) {
        name.value = was.name;
        if (was.focused) {
          name.focus();
          name.setSelectionRange(was.start, was.end);
        }
      }
    }
    kept = [];
  });
})();
