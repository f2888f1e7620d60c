"""Make the docs' gallery (docs/gallery.md): one small PNG of each kind of output `playaid demo` writes.

Run: python tools/gallery.py   (runs the demo into a temporary folder, rewrites docs/gallery/)

Each kind names the demo files it stands for (a glob under the demo folder) and the page
shown. `tests/test_gallery.py` classifies every PDF the demo writes with `classify`, so a
new kind of output without a picture here fails the suite.
"""

from __future__ import annotations

import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GALLERY = ROOT / "docs" / "gallery"
WIDTH_PX = 360
"""Thumbnail width: readable layout, a gallery page that still loads quickly."""


@dataclass(frozen=True)
class Kind:
    name: str
    """File name of the picture (without .png) and its caption's key."""
    caption: str
    pattern: str
    """Glob, relative to the demo folder, of the PDFs of this kind."""
    page: int | str = 0
    """Page index shown, or the title of the packet bookmark whose first page is shown."""


def kinds() -> list[Kind]:
    """Every kind of output, the sheets one per game from the registry."""
    sys.path.insert(0, str(ROOT))
    from playaid.systems import REGISTRY

    sheets = [Kind(f"sheet-{game}", f"{REGISTRY[game].title}: character sheet", f"sheets/{game}/*.pdf")
              for game in REGISTRY]
    return [
        *sheets,
        Kind("sheet-blank", "A blank sheet", "sheets/blank-*.pdf"),
        Kind("packet-cover", "A packet's cover", "packets/*/*-packet.pdf"),
        Kind("reference", "A one-page rules reference (from a packet)", "packets/*/*-packet.pdf", "Reference"),
        Kind("table-packet", "A ready table's packet, from playaid pregen --packet", "tables/*/*-packet.pdf"),
        Kind("odds", "An odds handout", "odds-*.pdf"),
        Kind("deck", "The card deck, fronts", "*deck*.pdf"),
        Kind("deck-back", "The card deck, backs", "*deck*.pdf", 1),
        Kind("deck-fold", "The deck folded over, for one-sided printers", "*fold*.pdf"),
        Kind("tokens", "Tokens and turn summary", "*tokens*.pdf"),
        Kind("nets", "Paper dice to cut and fold", "*nets*.pdf"),
        Kind("map", "Relationship map", "*map*.pdf", 0),
        Kind("map-dice", "Relationship map: dice table", "*map*.pdf", 1),
        Kind("map-worksheet", "Relationship map: session worksheet", "*map*.pdf", 2),
    ]


def classify(demo: Path, every: list[Kind]) -> dict[Path, Kind | None]:
    """Every PDF under the demo folder `demo` with the first kind whose pattern finds it."""
    found: dict[Path, Kind | None] = {path: None for path in demo.rglob("*.pdf")}
    for kind in reversed(every):
        for path in demo.glob(kind.pattern):
            found[path] = kind
    return found


def _page_index(pdf_path: Path, page: int | str) -> int:
    if isinstance(page, int):
        return page
    import pikepdf

    with pikepdf.open(pdf_path) as pdf, pdf.open_outline() as outline:
        index = {p.objgen: i for i, p in enumerate(pdf.pages)}
        for item in outline.root:
            if item.title == page and item.destination is not None:
                return index[item.destination[0].objgen]
    raise LookupError(f"{pdf_path.name} has no bookmark {page!r}")


def render(demo: Path, out: Path) -> list[Path]:
    """One PNG per kind from the demo folder `demo`, into `out`."""
    import pypdfium2

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for kind in kinds():
        found = sorted(demo.glob(kind.pattern))
        if not found:
            raise LookupError(f"the demo wrote nothing matching {kind.pattern} ({kind.name})")
        doc = pypdfium2.PdfDocument(str(found[0]))
        try:
            page = doc[_page_index(found[0], kind.page)]
            image = page.render(scale=WIDTH_PX / page.get_width()).to_pil()
        finally:
            doc.close()
        target = out / f"{kind.name}.png"
        image.convert("RGB").save(target, optimize=True)
        written.append(target)
    return written


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from click.testing import CliRunner

    from playaid.cli import cli

    with tempfile.TemporaryDirectory() as scratch:
        result = CliRunner().invoke(cli, ["demo", "--out", scratch])
        if result.exit_code:
            sys.exit(result.output)
        for path in render(Path(scratch), GALLERY):
            print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
