"""Print-shop PDFs in the shape PDF/X-1a:2003 asks: every colour in DeviceCMYK, an
OutputIntent carrying a CMYK profile we may ship, and the document keys a pre-flight
reads first.

What ReportLab draws is made CMYK as it is drawn (`KCanvas`); what only the file as a
whole can say (header version, Info keys, OutputIntent) is written afterwards with pikepdf
(`finish`). Nothing here validates the result against the standard: `pdfx_check`
measures the properties one by one, and the command says what it has not checked.
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

PROFILE = Path(__file__).parents[1] / "assets" / "icc" / "FOGRA39L-238.icc"
"""FOGRA39 (ISO 12647-2 coated offset) with separations kept to 238 % ink; see its README."""
CONDITION = "FOGRA39"
"""The characterisation the profile is made from, as the ICC registry names it."""
CONDITION_WORDS = "Offset printing, ISO 12647-2, coated paper (FOGRA39); separations at most 238 % ink"
VERSION = "PDF/X-1a:2003"
MAX_INK = 2.4
"""Total ink (C + M + Y + K) DriveThruCards accepts, as a fraction: 240 % (PRINT.md §6)."""


def k_only(gray: float) -> tuple[float, float, float, float]:
    """A grey level (0 black, 1 white) as black ink alone: small type and thin lines in
    four-colour black blur when the plates drift (PRINT.md §6), and K alone never nears the
    ink limit."""
    return 0.0, 0.0, 0.0, round(1.0 - gray, 4)


class KCanvas(Canvas):
    """A canvas on which every grey is drawn as black ink in DeviceCMYK, so drawing code
    written for sheets (`setFillGray`) makes a press file unchanged. RGB colours are not
    converted: they would need a colour decision, so they are left for the check to refuse."""

    def setFillGray(self, gray, alpha=None):
        self.setFillColorCMYK(*k_only(gray), alpha=alpha)

    def setStrokeGray(self, gray, alpha=None):
        self.setStrokeColorCMYK(*k_only(gray), alpha=alpha)


@cache
def profile_bytes() -> bytes:
    return PROFILE.read_bytes()


def finish(pdf: bytes, trapped: bool = False) -> bytes:
    """`pdf` (drawn on a `KCanvas`, with TrimBox and BleedBox on each page) with what
    PDF/X-1a:2003 asks of the document: a PDF 1.4 file without object streams, the
    version and trapping keys in its Info dictionary, and one OutputIntent whose
    DestOutputProfile is the shipped CMYK profile."""
    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as doc:
        profile = doc.make_stream(profile_bytes())
        profile.N = 4
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(CONDITION),
            OutputCondition=pikepdf.String(CONDITION_WORDS),
            RegistryName=pikepdf.String("http://www.color.org"),
            Info=pikepdf.String(CONDITION_WORDS),
            DestOutputProfile=profile)
        doc.Root.OutputIntents = pikepdf.Array([doc.make_indirect(intent)])
        info = doc.docinfo
        info[pikepdf.Name.GTS_PDFXVersion] = pikepdf.String(VERSION)
        info[pikepdf.Name.Trapped] = pikepdf.Name("/True" if trapped else "/False")
        if pikepdf.Name.ModDate not in info and pikepdf.Name.CreationDate in info:
            info[pikepdf.Name.ModDate] = info[pikepdf.Name.CreationDate]
        out = io.BytesIO()
        # PDF/X-1a:2003 is built on PDF 1.4: no object streams or cross-reference streams.
        doc.save(out, force_version="1.4", object_stream_mode=pikepdf.ObjectStreamMode.disable,
                 deterministic_id=True)
    return out.getvalue()
