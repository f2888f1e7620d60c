"""Joining PDFs into one: pages, form fields (with their fonts) and bookmarks.

Each part is a whole PDF (cover, a block of sheets, a handout). Parts are opened one at a
time and only their pages are copied, so memory follows the output, not the inputs.
"""

from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass, field

import pikepdf


@dataclass
class Section:
    """A bookmark: its title, first page (0-based) and the bookmarks under it."""

    title: str
    page: int
    children: list["Section"] = field(default_factory=list)


class Merger:
    """Appends PDFs; `finish` writes them as one, with an AcroForm over every field."""

    def __init__(self) -> None:
        self.pdf = pikepdf.new()
        self.fields: list = []
        self.fonts: dict = {}

    @property
    def pages(self) -> int:
        return len(self.pdf.pages)

    def append(self, data: bytes, pages: range | None = None) -> int:
        """Add the pages of `data` (those in `pages`, 0-based, if given); the index of the first added."""
        first = self.pages
        with pikepdf.open(io.BytesIO(data)) as src:
            acro = src.Root.get("/AcroForm")
            if acro is not None and "/DR" in acro and "/Font" in acro.DR:
                for key, font in acro.DR.Font.items():
                    if key not in self.fonts:
                        self.fonts[key] = self.pdf.copy_foreign(font)
            with warnings.catch_warnings():
                # the form is rebuilt in `finish` from the copied widgets, so pikepdf's caution is moot
                warnings.simplefilter("ignore")
                self.pdf.pages.extend(src.pages if pages is None else [src.pages[i] for i in pages])
        for page in self.pdf.pages[first:]:
            for annot in page.obj.get("/Annots", []):
                if annot.get("/Subtype") == "/Widget" and "/T" in annot:
                    annot.P = page.obj
                    self.fields.append(annot)
        return first

    def finish(self, sections: list[Section]) -> bytes:
        """The merged PDF with `sections` as its bookmarks; the same parts give the same bytes."""
        if self.fields:
            self.pdf.Root.AcroForm = self.pdf.make_indirect(pikepdf.Dictionary(
                Fields=pikepdf.Array(self.fields),  # each filled field carries its appearance
                DR=pikepdf.Dictionary(Font=pikepdf.Dictionary(self.fonts))))
        self._share_font_files()
        with self.pdf.open_outline() as outline:
            outline.root.extend(_items(sections))
        self.pdf.Root.PageMode = pikepdf.Name.UseOutlines
        out = io.BytesIO()
        self.pdf.save(out, deterministic_id=True, compress_streams=True)
        return out.getvalue()


    def _share_font_files(self) -> None:
        """Point identical embedded font files at one copy.

        Every part embeds the face its form fields use in full (so players can type any
        character); without this a packet would carry one copy per block of sheets.
        """
        seen: dict[bytes, pikepdf.Object] = {}
        for page in self.pdf.pages:
            fonts = page.obj.get("/Resources", {}).get("/Font", {})
            for font in fonts.values():
                for descendant in font.get("/DescendantFonts", [font]):
                    descriptor = descendant.get("/FontDescriptor")
                    if descriptor is None or "/FontFile2" not in descriptor:
                        continue
                    stream = descriptor.FontFile2
                    key = hashlib.sha256(stream.read_raw_bytes()).digest()
                    first = seen.setdefault(key, stream)
                    if first.objgen != stream.objgen:
                        descriptor.FontFile2 = first


def _items(sections: list[Section]) -> list[pikepdf.OutlineItem]:
    items = []
    for s in sections:
        item = pikepdf.OutlineItem(s.title, s.page)
        item.children.extend(_items(s.children))
        items.append(item)
    return items
