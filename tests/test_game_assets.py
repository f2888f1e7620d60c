"""A game's folder is its resource root for the PDF renderer and its sheet: a stylesheet or picture
beside its templates is loaded (an add-on's as much as ours), and nothing outside the
package, the games' folders and a user's template folder is."""

from __future__ import annotations

import sys
import textwrap

import pypdfium2
import pytest
from PIL import Image

from playaid.render.html import TEMPLATES, layout, local_fetcher, pdf_bytes
from playaid.systems import REGISTRY

PACKAGE = "lamp_assets_fixture"
GAME = f'''
from playaid.systems.base import GameSystem

SYSTEM = GameSystem(id="lamp", title="Lamp", models={{}}, checks={{}}, rules={{}}, package="{PACKAGE}")
'''


@pytest.fixture
def lamp(tmp_path):
    """An add-on-like game whose templates folder holds a stylesheet and a picture."""
    folder = tmp_path / PACKAGE
    (folder / "templates" / "sheets").mkdir(parents=True)
    (folder / "__init__.py").write_text(textwrap.dedent(GAME), encoding="utf-8")
    (folder / "templates" / "sheets" / "lamp.css").write_text("@page { size: 100mm 120mm; margin: 0 }",
                                                               encoding="utf-8")
    Image.new("RGB", (40, 40), (200, 30, 30)).save(folder / "templates" / "sheets" / "lamp.png")
    sys.path.insert(0, str(tmp_path))
    from lamp_assets_fixture import SYSTEM

    REGISTRY.add(SYSTEM, "the test")
    yield folder
    REGISTRY.remove("lamp")
    sys.path.remove(str(tmp_path))
    sys.modules.pop(PACKAGE, None)


def test_a_games_stylesheet_and_picture_reach_the_pdf(lamp):
    html = ('<html><head><link rel="stylesheet" href="sheets/lamp.css"></head>'
            '<body><img src="sheets/lamp.png" style="width: 30mm"></body></html>')
    pdf = pypdfium2.PdfDocument(pdf_bytes(layout(html, [TEMPLATES])))
    width, height = pdf[0].get_size()
    assert (round(width / 72 * 25.4), round(height / 72 * 25.4)) == (100, 120)  # the game's stylesheet
    objects = list(pdf[0].get_objects(filter=(pypdfium2.raw.FPDF_PAGEOBJ_IMAGE,)))
    assert len(objects) == 1  # the game's picture


def test_a_file_outside_the_games_and_ours_stays_refused(lamp, tmp_path):
    from weasyprint.urls import URLFetchingError

    stray = tmp_path / "secret.css"
    stray.write_text("body { color: red }", encoding="utf-8")
    fetcher = local_fetcher([TEMPLATES])
    assert fetcher.fetch((lamp / "templates" / "sheets" / "lamp.css").as_uri()).content_type == "text/css"
    with pytest.raises(URLFetchingError, match="outside"):
        fetcher.fetch(stray.as_uri())
    with pytest.raises(URLFetchingError, match="outside"):
        fetcher.fetch((TEMPLATES / "sheets" / ".." / ".." / ".." / ".." / "etc" / "passwd").as_uri())


def test_a_sheets_row_counts_are_the_games_own(lamp):
    from playaid.render.sheets.common import rows

    (lamp / "data").mkdir()
    (lamp / "data" / "sheet.yaml").write_text("rows:\n  wicks: 7\n", encoding="utf-8")
    assert rows("lamp", "wicks") == 7
    with pytest.raises(KeyError, match=r"lamp_assets_fixture/data/sheet.yaml gives no `rows: oil:`"):
        rows("lamp", "oil")
