"""`playaid deck --per-card pdf --shop drivethrucards`: the file DriveThruCards' page asks
for (PRINT.md §6–7, S1), read back from the PDF: CMYK only, total ink ≤ 240 %, no
transparency, every font embedded, TrimBox and BleedBox on every page, back then front,
PDF 1.4, the PDF/X-1a:2003 Info keys and one OutputIntent with a CMYK profile. Then the
measurement itself is shown to catch each property broken in a copy of a good file."""

from __future__ import annotations

import io
import subprocess

import pikepdf
import pytest
from PIL import Image, ImageCms

from pdfs import text
from playaid.render.pdfx import PROFILE
from playaid.render.pdfx_check import inspect

CARDS = "Bad coffee\nHeavy traffic\nThe Boss\n"


@pytest.fixture(scope="module")
def press_pdf(tmp_path_factory):
    """The shop file of a three-card deck, and what the command said making it."""
    from playaid.testing import run

    out = tmp_path_factory.mktemp("press")
    (out / "three.txt").write_text(CARDS, encoding="utf-8")
    result = run("deck", out / "three.txt", "--per-card", "pdf", "--shop", "drivethrucards", "--out", out / "out")
    assert result.exit_code == 0, result.output
    return out / "out" / "three-cards.pdf", " ".join(result.output.split())


def _operators(pdf: pikepdf.Pdf):
    """Every operator of every page and of every form those pages draw."""
    def walk(owner, resources):
        for item in pikepdf.parse_content_stream(owner):
            if isinstance(item, pikepdf.ContentStreamInlineImage):
                yield "BI", item
                continue
            yield str(item.operator), item.operands
            if str(item.operator) == "Do":
                xobject = resources.XObject[item.operands[0]]
                yield "XObject", xobject
                if xobject.Subtype == pikepdf.Name.Form:
                    yield from walk(xobject, xobject.get("/Resources", resources))

    for page in pdf.pages:
        yield from walk(page.obj, page.obj.Resources)


def test_the_shop_file_is_pdf_1_4_with_the_pdfx_keys_and_a_cmyk_output_intent(press_pdf):
    path, _ = press_pdf
    assert path.read_bytes()[:8] == b"%PDF-1.4"
    with pikepdf.open(path) as pdf:
        assert pdf.pdf_version == "1.4" and not pdf.is_encrypted
        assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-1a:2003"
        assert pdf.docinfo["/Trapped"] == pikepdf.Name("/False")
        assert "/Title" in pdf.docinfo and "/CreationDate" in pdf.docinfo and "/ModDate" in pdf.docinfo
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == pikepdf.Name.GTS_PDFX and str(intent.OutputConditionIdentifier) == "FOGRA39"
        profile = intent.DestOutputProfile.read_bytes()
        assert intent.DestOutputProfile.N == 4 and profile == PROFILE.read_bytes()
    opened = ImageCms.getOpenProfile(io.BytesIO(profile)).profile
    assert (opened.xcolor_space.strip(), opened.device_class) == ("CMYK", "prtr")


def test_a_shipped_profile_keeps_converted_colour_under_the_ink_limit():
    # any RGB art converted with it lands inside DriveThruCards' 240 %
    to_cmyk = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.getOpenProfile(str(PROFILE)),
                                      "RGB", "CMYK")
    for rgb in [(0, 0, 0), (40, 10, 60), (200, 30, 30), (20, 20, 120), (128, 128, 128)]:
        cmyk = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), to_cmyk).getpixel((0, 0))
        assert sum(cmyk) / 255 <= 2.4, (rgb, cmyk)


def test_every_colour_is_device_cmyk_within_240_percent_and_nothing_is_transparent(press_pdf):
    path, _ = press_pdf
    inks, images = [], 0
    with pikepdf.open(path) as pdf:
        for op, operands in _operators(pdf):
            assert op not in ("g", "G", "rg", "RG", "cs", "CS", "sc", "scn", "SC", "SCN", "sh", "gs", "BI"), op
            if op in ("k", "K"):
                inks.append(sum(float(v) for v in operands))
            if op == "XObject":
                assert "/SMask" not in operands and "/Group" not in operands
                images += operands.Subtype == pikepdf.Name.Image
        for page in pdf.pages:
            assert "/Group" not in page.obj and "/Annots" not in page.obj
            assert not page.obj.Resources.get("/ExtGState")
    assert images == 0  # the design is vector: no image to convert
    assert inks and max(inks) <= 2.4
    assert max(inks) == pytest.approx(1.0)  # black ink alone, up to solid black text
    assert inspect(path.read_bytes()).ok


def test_every_font_is_embedded(press_pdf):
    path, _ = press_pdf
    rows = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    assert rows and all(row.split()[-5] == "yes" for row in rows), rows


def test_every_page_has_trim_and_bleed_boxes_and_backs_come_before_fronts(press_pdf):
    path, said = press_pdf
    with pikepdf.open(path) as pdf:
        assert len(pdf.pages) == 6
        for page in pdf.pages:
            media, bleed, trim = ([float(v) for v in page.obj[k]] for k in ("/MediaBox", "/BleedBox", "/TrimBox"))
            assert media[0] <= bleed[0] < trim[0] and trim[2] < bleed[2] <= media[2]
            assert trim[2] - trim[0] == pytest.approx(180, abs=0.01)  # 2.5 in
            assert trim[0] - bleed[0] == pytest.approx(9, abs=0.01)  # 1/8 in of bleed
    for card, name in enumerate(CARDS.split("\n")[:3]):
        assert name not in text(path, 2 * card) and name in text(path, 2 * card + 1)
    assert "pages back, then front, as DriveThruCards asks" in said
    assert "(one card a page, 2.75 × 3.75 in)" in said and "(A4)" not in said


def test_the_command_says_what_the_file_is_and_what_was_not_checked(press_pdf):
    _, said = press_pdf
    assert "every colour DeviceCMYK (black ink only), total ink at most 100%" in said
    assert "4 fonts all embedded" in said and "marked PDF/X-1a:2003 with a FOGRA39 CMYK OutputIntent" in said
    assert "not validated by a PDF/X pre-flight tool" in said


def _image(pdf, space, data, **extra):
    return pdf.make_stream(data, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image, Width=1, Height=1,
                           ColorSpace=space, BitsPerComponent=8, **extra)


def _broken(path, how: str) -> bytes:
    """The good file with one property broken on its first page."""
    with pikepdf.open(path) as pdf:
        page = pdf.pages[0]
        drawn = None
        if how == "rgb image":
            page.add_resource(_image(pdf, pikepdf.Name.DeviceRGB, b"\xff\x00\x00"), pikepdf.Name.XObject,
                              pikepdf.Name("/Im9"))
            drawn = b"q 10 0 0 10 20 20 cm /Im9 Do Q"
        elif how == "heavy cmyk image":
            page.add_resource(_image(pdf, pikepdf.Name.DeviceCMYK, b"\xff\xff\xff\xff"), pikepdf.Name.XObject,
                              pikepdf.Name("/Im9"))
            drawn = b"q 10 0 0 10 20 20 cm /Im9 Do Q"
        elif how == "soft mask":
            mask = _image(pdf, pikepdf.Name.DeviceGray, b"\x80")
            page.add_resource(_image(pdf, pikepdf.Name.DeviceCMYK, b"\x00\x00\x00\xff", SMask=mask),
                              pikepdf.Name.XObject, pikepdf.Name("/Im9"))
            drawn = b"q 10 0 0 10 20 20 cm /Im9 Do Q"
        elif how == "gray colour":
            drawn = b"0.5 g 0 0 5 5 re f"
        elif how == "rgb colour":
            drawn = b"1 0 0 RG 0 0 m 5 5 l S"
        elif how == "too much ink":
            drawn = b"0.8 0.8 0.8 0.5 k 0 0 5 5 re f"
        elif how == "opacity":
            page.add_resource(pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, ca=0.5), pikepdf.Name.ExtGState,
                              pikepdf.Name("/GS9"))
            drawn = b"/GS9 gs"
        elif how == "unembedded font":
            page.add_resource(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                 BaseFont=pikepdf.Name.Helvetica), pikepdf.Name.Font,
                              pikepdf.Name("/F9"))
            drawn = b"BT /F9 9 Tf 20 20 Td (x) Tj ET"
        elif how == "no trim box":
            del page.obj["/TrimBox"]
        elif how == "no output intent":
            del pdf.Root["/OutputIntents"]
        elif how == "rgb output profile":
            pdf.Root.OutputIntents[0].DestOutputProfile = pdf.make_stream(ImageCms.ImageCmsProfile(
                ImageCms.createProfile("sRGB")).tobytes(), N=3)
        elif how == "no pdfx version":
            del pdf.docinfo["/GTS_PDFXVersion"]
        if drawn:
            page.contents_add(pdf.make_stream(drawn), prepend=False)
        out = io.BytesIO()
        pdf.save(out, force_version="1.4")
    return out.getvalue()


@pytest.mark.parametrize("how, says", [
    ("rgb image", "image /Im9 is in /DeviceRGB, not DeviceCMYK"),
    ("heavy cmyk image", "total ink reaches 400%, over 240%"),
    ("soft mask", "image /Im9 has a soft mask"),
    ("gray colour", "a fill colour in DeviceGray"),
    ("rgb colour", "a stroke colour in DeviceRGB"),
    ("too much ink", "total ink reaches 290%, over 240%"),
    ("opacity", "graphics state /GS9 sets /ca 0.5"),
    ("unembedded font", "font /Helvetica is not embedded"),
    ("no trim box", "page 1: no TrimBox"),
    ("no output intent", "0 PDF/X OutputIntents"),
    ("rgb output profile", "is not a CMYK output profile"),
    ("no pdfx version", "Info /GTS_PDFXVersion is not PDF/X-1a:2003"),
])
def test_the_measurement_catches_each_property_broken(press_pdf, how, says):
    path, _ = press_pdf
    assert inspect(path.read_bytes()).ok
    report = inspect(_broken(path, how))
    assert any(says in p for p in report.problems), report.problems


def test_a_shop_file_that_fails_its_measurement_is_not_written(files, tmp_path, run, monkeypatch):
    from playaid.render import pdfx

    monkeypatch.setattr(pdfx, "VERSION", "PDF/X-3:2002")  # finish() would then mark the wrong version
    result = run("deck", files.write("three.txt", CARDS), "--per-card", "pdf", "--shop", "drivethrucards",
                 "--out", tmp_path / "out")
    assert result.exit_code == 1 and "NOT ready for the shop" in result.output, result.output
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").glob("*.pdf"))
