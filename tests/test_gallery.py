"""The docs' gallery (docs/gallery.md) shows every kind of output the demo writes."""

from __future__ import annotations

import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import gallery  # noqa: E402  (tools/ is not a package)


def test_every_kind_of_demo_output_has_a_gallery_picture(demo_folder):
    every = gallery.kinds()
    found = gallery.classify(demo_folder("a4"), every)
    unshown = sorted(str(path.relative_to(demo_folder("a4"))) for path, kind in found.items() if kind is None)
    assert not unshown, f"demo outputs no gallery kind covers (add a Kind in tools/gallery.py): {unshown}"
    missing = [k.name for k in every if not (gallery.GALLERY / f"{k.name}.png").is_file()]
    assert not missing, f"no picture in docs/gallery for {missing}: run python tools/gallery.py"


def test_the_gallery_page_shows_every_gallery_picture():
    page = (ROOT / "docs" / "gallery.md").read_text(encoding="utf-8")
    absent = [k.name for k in gallery.kinds() if f'src="gallery/{k.name}.png"' not in page]
    assert not absent, f"docs/gallery.md does not show {absent}"
