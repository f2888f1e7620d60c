"""Measuring a print-shop PDF against what PDF/X-1a:2003 and a card printer ask, read from
the file itself: colour spaces of every colour operator and image (in page and form
content alike), total ink, transparency, embedded fonts, page boxes, Info keys and the
OutputIntent.

This is a measurement, not a validator: it checks the properties a shop's pre-flight
rejects files for most often, one by one, and names every one it finds broken. It does
not check the rest of ISO 15930-1 (XMP, every key of every object).
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import pikepdf
from PIL import Image, ImageMath

from .pdfx import MAX_INK, VERSION

_CMYK_SPACES = (pikepdf.Name.DeviceCMYK,)
_EMBEDDED = ("/FontFile", "/FontFile2", "/FontFile3")


@dataclass
class Report:
    """What one file is: its pages, the most ink any colour or pixel lays down (a
    fraction, 2.4 = 240 %), its fonts, and every property it breaks."""

    pages: int = 0
    max_ink: float = 0.0
    colour_ink: float = 0.0
    """The most cyan + magenta + yellow any colour or pixel uses: 0 for black ink alone."""
    fonts: set[str] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def inspect(pdf: bytes, max_ink: float = MAX_INK) -> Report:
    """Every property of `pdf` named in the module docstring; see `Report`."""
    report = Report()
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        _document(doc, report)
        report.pages = len(doc.pages)
        for n, page in enumerate(doc.pages, 1):
            where = f"page {n}"
            _boxes(page.obj, where, report)
            if "/Annots" in page.obj:
                report.problems.append(f"{where}: has annotations")
            if "/Group" in page.obj:
                report.problems.append(f"{where}: has a transparency group")
            _content(page.obj, page.obj.get("/Resources", pikepdf.Dictionary()), where, report, set())
    if report.max_ink > max_ink + 1e-6:
        report.problems.append(f"total ink reaches {report.max_ink:.0%}, over {max_ink:.0%}")
    return report


def _document(doc, report: Report) -> None:
    if doc.pdf_version > "1.4":
        report.problems.append(f"PDF {doc.pdf_version}: PDF/X-1a:2003 files are PDF 1.3 or 1.4")
    if doc.is_encrypted:
        report.problems.append("the file is encrypted")
    info = doc.docinfo
    if str(info.get("/GTS_PDFXVersion", "")) != VERSION:
        report.problems.append(f"Info /GTS_PDFXVersion is not {VERSION}")
    if info.get("/Trapped") not in (pikepdf.Name("/True"), pikepdf.Name("/False")):
        report.problems.append("Info /Trapped is not /True or /False")
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if key not in info:
            report.problems.append(f"Info has no {key}")
    for key in ("/AcroForm", "/JavaScript"):
        if key in doc.Root or key in doc.Root.get("/Names", {}):
            report.problems.append(f"the document has {key[1:]}")
    intents = [i for i in doc.Root.get("/OutputIntents", []) if i.get("/S") == pikepdf.Name.GTS_PDFX]
    if len(intents) != 1:
        report.problems.append(f"{len(intents)} PDF/X OutputIntents; one is needed")
        return
    intent = intents[0]
    if not str(intent.get("/OutputConditionIdentifier", "")):
        report.problems.append("the OutputIntent has no OutputConditionIdentifier")
    profile = intent.get("/DestOutputProfile")
    head = profile.read_bytes()[:20] if profile is not None else b""
    if head[16:20] != b"CMYK" or head[12:16] != b"prtr":
        report.problems.append("the OutputIntent's DestOutputProfile is not a CMYK output profile")


def _boxes(page, where: str, report: Report) -> None:
    boxes = {k: [float(v) for v in page[k]] for k in ("/MediaBox", "/BleedBox", "/TrimBox") if k in page}
    for k in ("/TrimBox", "/BleedBox"):
        if k not in boxes:
            report.problems.append(f"{where}: no {k[1:]}")
    if len(boxes) == 3 and not (_inside(boxes["/TrimBox"], boxes["/BleedBox"])
                                and _inside(boxes["/BleedBox"], boxes["/MediaBox"])):
        report.problems.append(f"{where}: TrimBox ⊄ BleedBox ⊄ MediaBox")


def _inside(a, b) -> bool:
    return a[0] >= b[0] - 0.01 and a[1] >= b[1] - 0.01 and a[2] <= b[2] + 0.01 and a[3] <= b[3] + 0.01


def _content(owner, resources, where: str, report: Report, seen: set) -> None:
    """One content stream (a page's or a form's), and every form it draws, once each."""
    _resources(resources, where, report)
    spaces = {"fill": pikepdf.Name.DeviceGray, "stroke": pikepdf.Name.DeviceGray}
    for item in pikepdf.parse_content_stream(owner):
        if isinstance(item, pikepdf.ContentStreamInlineImage):
            _image(None, item.iimage, f"{where}: an inline image", report)
            continue
        operands, op = item.operands, str(item.operator)
        if op in ("k", "K"):
            _ink(report, [float(v) for v in operands])
        elif op in ("g", "G", "rg", "RG"):
            space = "DeviceGray" if op in ("g", "G") else "DeviceRGB"
            report.problems.append(f"{where}: a {'fill' if op.islower() else 'stroke'} colour in {space}")
        elif op in ("cs", "CS"):
            spaces["fill" if op == "cs" else "stroke"] = operands[0]
            if operands[0] not in _CMYK_SPACES:
                report.problems.append(f"{where}: colour space {operands[0]}")
        elif op in ("sc", "scn", "SC", "SCN"):
            if spaces["fill" if op.islower() else "stroke"] in _CMYK_SPACES:
                _ink(report, [float(v) for v in operands])
        elif op == "sh":
            report.problems.append(f"{where}: a shading, whose colours this check does not read")
        elif op == "Do":
            xobject = resources.get("/XObject", {}).get(operands[0])
            if xobject is None:
                report.problems.append(f"{where}: draws missing XObject {operands[0]}")
            elif xobject.get("/Subtype") == pikepdf.Name.Image:
                _image(xobject, pikepdf.PdfImage(xobject), f"{where}: image {operands[0]}", report)
            elif xobject.objgen not in seen or xobject.objgen == (0, 0):
                seen.add(xobject.objgen)
                if "/Group" in xobject:
                    report.problems.append(f"{where}: form {operands[0]} is a transparency group")
                _content(xobject, xobject.get("/Resources", resources), f"{where}: form {operands[0]}", report, seen)


def _ink(report: Report, cmyk: list[float]) -> None:
    report.max_ink = max(report.max_ink, sum(cmyk))
    report.colour_ink = max(report.colour_ink, sum(cmyk[:3]))


def _resources(resources, where: str, report: Report) -> None:
    """Transparency in any graphics state, and fonts that are not embedded."""
    for name, state in resources.get("/ExtGState", {}).items():
        for key in ("/CA", "/ca"):
            if key in state and float(state[key]) < 1:
                report.problems.append(f"{where}: graphics state {name} sets {key} {float(state[key]):g}")
        if state.get("/SMask", pikepdf.Name.None_) != pikepdf.Name.None_:
            report.problems.append(f"{where}: graphics state {name} has a soft mask")
        if state.get("/BM", pikepdf.Name.Normal) not in (pikepdf.Name.Normal, pikepdf.Name.Compatible):
            report.problems.append(f"{where}: graphics state {name} blends with {state['/BM']}")
    for name, font in resources.get("/Font", {}).items():
        base = str(font.get("/BaseFont", name))
        report.fonts.add(base)
        if font.get("/Subtype") == pikepdf.Name.Type3:
            continue  # its glyphs are content streams, drawn like the page
        described = font.DescendantFonts[0] if font.get("/Subtype") == pikepdf.Name.Type0 else font
        descriptor = described.get("/FontDescriptor", {})
        if not any(k in descriptor for k in _EMBEDDED):
            report.problems.append(f"{where}: font {base} is not embedded")


def _image(obj, image, where: str, report: Report) -> None:
    """An image: CMYK, no soft mask or alpha, and the ink of its darkest pixel."""
    if obj is not None and "/SMask" in obj:
        report.problems.append(f"{where} has a soft mask (transparency)")
        return  # its pixels would decode blended with the mask, not as the ink laid down
    if getattr(image, "image_mask", False):
        return  # a stencil: painted in the fill colour, which the operators already carry
    space = image.colorspace
    if space != str(pikepdf.Name.DeviceCMYK):
        report.problems.append(f"{where} is in {space}, not DeviceCMYK")
        return
    pixels = image.as_pil_image()
    if pixels.mode != "CMYK":
        report.problems.append(f"{where} decodes as {pixels.mode}, not CMYK")
        return
    c, m, y, k = (band.convert("I") for band in pixels.split())
    colour = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"], c=c, m=m, y=y)
    total = ImageMath.lambda_eval(lambda a: a["cmy"] + a["k"], cmy=colour, k=k)
    report.max_ink = max(report.max_ink, total.getextrema()[1] / 255)
    report.colour_ink = max(report.colour_ink, colour.getextrema()[1] / 255)


def describe(report: Report, name: str) -> list[str]:
    """What the command says about a file it wrote for a shop: what it measured, and what
    no check here covers."""
    if not report.ok:
        return [f"{name}: NOT ready for the shop:", *(f"  - {p}" for p in report.problems)]
    inks = "black ink only" if report.colour_ink == 0 else "cyan, magenta, yellow and black"
    return [f"{name}: {report.pages} pages, every colour DeviceCMYK ({inks}), total ink at most "
            f"{report.max_ink:.0%}, no transparency, {len(report.fonts)} fonts all embedded, TrimBox and "
            f"BleedBox on every page; marked {VERSION} with a FOGRA39 CMYK OutputIntent.",
            f"{name}: not validated by a PDF/X pre-flight tool (none ships with playaid); the shop's own "
            "upload check or Acrobat's pre-flight has the last word."]
