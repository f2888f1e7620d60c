"""Re-extract the printed pages' messages and bring every language's catalog up to date.

    python tools/catalogs.py          (or: make catalogs)

Reads what babel.cfg names (Python marked with _() / N_(), the sheet and cover templates),
writes playaid/locale/playaid.pot, and merges it into each playaid/locale/<lang>/LC_MESSAGES/
playaid.po: a new message arrives untranslated, a changed one is marked fuzzy with its old
translation as a hint, a gone one is kept at the end as obsolete (`#~`). Translators then
edit the .po files; tests/test_catalogs.py fails while any message is missing, untranslated
or fuzzy. `--check` writes nothing and exits 1 when a catalog lacks a message.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from playaid.language import ENGLISH, LANGUAGES, LOCALE, catalog_path  # noqa: E402

POT = LOCALE / "playaid.pot"
WIDTH = 100


def extracted() -> Catalog:
    """Every message babel.cfg's files mark, with the files (not lines) that use it: line
    numbers would change the catalogs at every edit of a template."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as fh:
        methods, options = parse_mapping_cfg(fh)
    template = Catalog(project="playaid", version="0.1.0", charset="utf-8", fuzzy=False,
                       msgid_bugs_address="playaid's issue tracker")
    for filename, _line, message, comments, context in extract_from_dir(
            str(ROOT), methods, options, strip_comment_tags=True):
        template.add(message, None, [(filename, None)], auto_comments=comments, context=context)
    cover_texts(template)
    return template


def cover_texts(template: Catalog) -> None:
    """Add to `template` the texts a packet's cover may draw from a game's data (its
    cover.yaml lists, and the lists of pregen.yaml its fields are drawn from): a drawn text
    is printed in the table's language (`render/cover_story.py`); a setup's own is not."""
    import yaml

    for data in sorted((ROOT / "playaid" / "games").glob("*/data")):
        cover = yaml.safe_load((data / "cover.yaml").read_text(encoding="utf-8")) if (data / "cover.yaml").exists() else None
        if not cover:
            continue
        pregen = yaml.safe_load((data / "pregen.yaml").read_text(encoding="utf-8")) if (data / "pregen.yaml").exists() else {}
        for part in ("premise", "threat", "opening"):
            found = [("cover.yaml", f"{part}s", cover.get(f"{part}s") or [])]
            found += [("pregen.yaml", f"{key}s", pregen.get(f"{key}s") or []) for key in cover.get(part) or []]
            for name, key, texts in found:
                where = (data / name).relative_to(ROOT).as_posix()
                for text in texts:
                    template.add(str(text), None, [(where, None)],
                                 auto_comments=[f"a packet cover's {part}, drawn from `{key}`"])


def read(code: str) -> Catalog:
    with open(catalog_path(code), "rb") as fh:
        return read_po(fh, locale=code)


def write(catalog: Catalog, path: Path) -> None:
    """`catalog` written to `path`, unless only its creation date would change: an
    extraction that found nothing new leaves every file as it was."""
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, sort_output=True, include_lineno=False, omit_header=False)
    if path.exists() and _undated(path.read_bytes()) == _undated(out.getvalue()):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_bytes(out.getvalue())
    temporary.replace(path)


def _undated(text: bytes) -> bytes:
    return re.sub(rb'"POT-Creation-Date: [^"]*"', b"", text)


def main(argv: list[str]) -> int:
    template = extracted()
    stale = []
    for code in (c for c in LANGUAGES if c != ENGLISH):
        catalog = read(code) if catalog_path(code).exists() else Catalog(locale=code, project="playaid")
        if any(m.id and m.id not in catalog for m in template):
            stale.append(code)
        if "--check" not in argv:
            catalog.update(template, update_header_comment=False)
            write(catalog, catalog_path(code))
    if "--check" in argv:
        print(f"out of date: {', '.join(stale)}; run python tools/catalogs.py" if stale else "catalogs up to date")
        return 1 if stale else 0
    write(template, POT)
    print(f"{len(template)} messages; catalogs updated: {', '.join(c for c in LANGUAGES if c != ENGLISH)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
