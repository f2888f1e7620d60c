"""The punch-out tokens: each token's word measured with the embedded font stays inside
the token's innermost ring at 7 pt or more, at every size the layout allows; a token too
small for that shows no word rather than a smaller one."""

from __future__ import annotations

import pytest
from reportlab.pdfbase import pdfmetrics

from playaid.render import fonts
from playaid.games.fight_club.cards import text, tokens
from playaid.games.fight_club.cards.settings import layout
from playaid.render.paper import MM


class Recorder:
    """A canvas that keeps the circles drawn and ignores everything else."""

    def __init__(self) -> None:
        self.circles: list[float] = []
        self.strokes: list[float] = []
        self.fills: list[float] = []

    def circle(self, cx, cy, r, stroke=1, fill=0) -> None:
        self.circles.append(r)
        (self.strokes if stroke else []).append(r)
        (self.fills if fill else []).append(r)

    def __getattr__(self, _name):
        return lambda *a, **k: None


def drawn_token(monkeypatch, kind: str, radius: float) -> tuple[float, list[tuple]]:
    """The innermost ring's radius and every text drawn for a token at (0, 0)."""
    words: list[tuple] = []
    monkeypatch.setattr(tokens.text, "draw", lambda c, x, y, s, face, size, anchor="left":
                        words.append((x, y, s, face, size, anchor)))
    canvas = Recorder()
    tokens._token(canvas, 0.0, 0.0, radius, kind)
    return min(canvas.circles), words


@pytest.mark.parametrize("diameter", [layout()["tokens"]["diameter"], 16, 30])
@pytest.mark.parametrize("kind", ["frustration", "pain", "retirement"])
def test_every_token_word_fits_inside_its_innermost_ring(monkeypatch, kind, diameter):
    text.ready()
    ring, words = drawn_token(monkeypatch, kind, diameter / 2 * MM)
    assert all(w[4] >= 7 for w in words)
    said = [w for w in words if w[2] == kind.capitalize()]
    if diameter == 16 and kind != "pain":  # too small for "Frustration" or "Retirement" at 7 pt
        assert not said
        return
    [(x, y, word, face, size, anchor)] = said
    assert anchor == "centre" and size >= 7
    width = sum(pdfmetrics.stringWidth(run, f.name, size) for f, run in fonts.runs(word, face))
    ascent, descent = pdfmetrics.getAscentDescent(face.name, size)
    for cx in (x - width / 2, x + width / 2):
        for cy in (y + ascent, y + descent):
            assert cx ** 2 + cy ** 2 <= ring ** 2, (word, size, cx, cy, ring)


def test_the_word_sits_below_the_big_letter(monkeypatch):
    text.ready()
    _, words = drawn_token(monkeypatch, "retirement", layout()["tokens"]["diameter"] / 2 * MM)
    letter = next(w for w in words if w[2] == "R")
    word = next(w for w in words if w[2] == "Retirement")
    assert word[1] + pdfmetrics.getAscentDescent(word[3].name, word[4])[0] < letter[1]


@pytest.mark.parametrize("kind", ["frustration", "pain", "retirement"])
def test_nothing_is_drawn_on_the_cut_and_the_ring_runs_past_it(monkeypatch, kind):
    # a cut line on the cut shows as a black edge wherever the scissors stray from it
    text.ready()
    monkeypatch.setattr(tokens.text, "draw", lambda *a, **k: None)
    r = layout()["tokens"]["diameter"] / 2 * MM
    canvas = Recorder()
    tokens._token(canvas, 0.0, 0.0, r, kind)
    assert all(stroked < r - 2 * MM + 1e-6 for stroked in canvas.strokes)
    assert max(canvas.fills) == pytest.approx(r + layout()["tokens"]["bleed"] * MM)


@pytest.mark.parametrize("paper_id", ("a4", "letter"))
@pytest.mark.parametrize("players", (4, 5, 7))
def test_the_last_turn_summary_sheet_is_filled_with_spares(tmp_path, paper_id, players):
    """Issue 39, item 13: five players' ten cards left six of a sheet's eight slots blank;
    the empty slots now hold spare cards, read from the PDF's last page."""
    from playaid.games.fight_club.cards.imposition import standard_sheet
    from playaid.games.fight_club.cards.tokens import tokens_pdf
    from playaid.render.paper import paper as paper_named
    import pdfs

    sheet = standard_sheet(paper_named(paper_id))
    path = tmp_path / "tokens.pdf"
    path.write_bytes(tokens_pdf(paper_named(paper_id), sheet, players))
    # each card's head band reads TURN SUMMARY; the token pages come first
    counts = [page.count("TURN SUMMARY") for page in pdfs.text(path).split("\f") if "TURN SUMMARY" in page]
    assert len(set(counts)) == 1, counts  # the last summary sheet holds as many cards as the first
    assert sum(counts) >= players * 2
