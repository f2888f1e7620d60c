"""Reading a PDF's structure tree back: which headings it tags, on which page, saying what.

A heading's words are found through its marked content: each structure element names its
page (/Pg) and the marked-content ids (MCIDs) of its text there; pdfium gives each text
object of a page its MCID and its characters.
"""

from __future__ import annotations

import ctypes
from pathlib import Path

import pikepdf
import pypdfium2
import pypdfium2.raw as pdfium

HEADINGS = {"/H", "/H1", "/H2", "/H3", "/H4", "/H5", "/H6"}


def _marked_text(path: Path) -> dict[tuple[int, int], str]:
    """(page index, MCID) → the text that marked content holds."""
    doc = pypdfium2.PdfDocument(str(path))
    found: dict[tuple[int, int], str] = {}
    try:
        for number in range(len(doc)):
            page = doc[number]
            textpage = page.get_textpage()
            for i in range(pdfium.FPDFPage_CountObjects(page.raw)):
                obj = pdfium.FPDFPage_GetObject(page.raw, i)
                mcid = pdfium.FPDFPageObj_GetMarkedContentID(obj)
                if mcid < 0 or pdfium.FPDFPageObj_GetType(obj) != pdfium.FPDF_PAGEOBJ_TEXT:
                    continue
                size = pdfium.FPDFTextObj_GetText(obj, textpage.raw, None, 0)
                buffer = ctypes.create_string_buffer(size)
                pdfium.FPDFTextObj_GetText(obj, textpage.raw, ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort)), size)
                text = buffer.raw[:size].decode("utf-16-le").rstrip("\x00")
                found[(number, mcid)] = found.get((number, mcid), "") + text
    finally:
        doc.close()
    return found


def headings(path: Path) -> list[tuple[int, str, str]]:
    """(page index, tag, text) of every heading element, in the tree's order."""
    texts = _marked_text(path)
    out: list[tuple[int, str, str]] = []
    with pikepdf.open(path) as pdf:
        pages = {page.objgen: i for i, page in enumerate(pdf.pages)}

        def mcids(element, page) -> list[tuple[int, int]]:
            page = element.get("/Pg", page) if isinstance(element, pikepdf.Dictionary) else page
            kids = element.get("/K", []) if isinstance(element, pikepdf.Dictionary) else [element]
            kids = kids if isinstance(kids, pikepdf.Array) else [kids]
            found = []
            for kid in kids:
                if isinstance(kid, int) and page is not None:
                    found.append((pages[page.objgen], int(kid)))
                elif isinstance(kid, pikepdf.Dictionary) and "/MCID" in kid:
                    found.append((pages[kid.get("/Pg", page).objgen], int(kid.MCID)))
                elif isinstance(kid, pikepdf.Dictionary) and "/S" in kid:
                    found += mcids(kid, page)
            return found

        def walk(element) -> None:
            if not isinstance(element, pikepdf.Dictionary):
                return
            if str(element.get("/S", "")) in HEADINGS:
                marks = mcids(element, None)
                if marks:
                    out.append((marks[0][0], str(element.S), "".join(texts.get(m, "") for m in marks).strip()))
                return
            kids = element.get("/K", [])
            for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
                walk(kid)

        root = pdf.Root.get("/StructTreeRoot")
        if root is not None:
            walk(pikepdf.Dictionary(K=root.K))
    return out


def parent_tree_agrees(path: Path) -> list[str]:
    """What is wrong between the pages and the parent tree: each page's /StructParents key
    must name an array of elements on that very page."""
    wrong = []
    with pikepdf.open(path) as pdf:
        root = pdf.Root.StructTreeRoot
        pairs = list(root.ParentTree.Nums)
        tree = {int(pairs[i]): pairs[i + 1] for i in range(0, len(pairs), 2)}
        for number, page in enumerate(pdf.pages):
            if "/StructParents" not in page.obj:
                continue
            key = int(page.obj.StructParents)
            elements = tree.get(key)
            if elements is None:
                wrong.append(f"page {number + 1}: key {key} not in the parent tree")
                continue
            for element in elements:
                if isinstance(element, pikepdf.Dictionary) and "/Pg" in element and element.Pg.objgen != page.objgen:
                    wrong.append(f"page {number + 1}: key {key} names an element of another page")
                    break
        if len(tree) != len(pairs) // 2:
            wrong.append("a key used twice")
    return wrong
