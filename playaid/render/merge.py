"""Joining PDFs into one: pages, form fields (with their fonts), bookmarks and tags.

Each part is a whole PDF (cover, a block of sheets, a handout). Parts are opened one at a
time and only their pages (and the structure tree that tags them) are copied, so memory
follows the output, not the inputs.
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
        self.groups: set = set()
        self.fonts: dict = {}
        self.parts: list = []
        """Each tagged part's top structure element, copied in."""
        self.parent_tree: list = []
        """The merged parent tree's /Nums: each part's keys moved past the previous parts'."""
        self.next_key = 0
        self.lang: str | None = None

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
            if pages is None:  # a page range would leave elements pointing at pages left behind
                self._carry_structure(src, first)
            self.lang = self.lang or (str(src.Root.Lang) if "/Lang" in src.Root else None)
        for page in self.pdf.pages[first:]:
            for annot in page.obj.get("/Annots", []):
                if annot.get("/Subtype") != "/Widget":
                    continue
                annot.P = page.obj
                if "/T" in annot:
                    self.fields.append(annot)
                elif "/Parent" in annot and annot.Parent.objgen not in self.groups:
                    # a radio button: the field is its group, listed once for all its buttons
                    self.groups.add(annot.Parent.objgen)
                    self.fields.append(annot.Parent)
        return first

    def finish(self, sections: list[Section], info: dict[str, str] | None = None) -> bytes:
        """The merged PDF with `sections` as its bookmarks and `info` (Title, Author …) as
        its document information; the same parts give the same bytes."""
        for key, value in (info or {}).items():
            self.pdf.docinfo[f"/{key}"] = value
        if info:
            self.pdf.Root.Lang = pikepdf.String(self.lang or "en")
            self.pdf.Root.ViewerPreferences = pikepdf.Dictionary(DisplayDocTitle=True)
        if self.parts:
            self._structure_root()
        if self.fields:
            self.pdf.Root.AcroForm = self.pdf.make_indirect(pikepdf.Dictionary(
                Fields=pikepdf.Array(self.fields),  # each filled field carries its appearance
                DR=pikepdf.Dictionary(Font=pikepdf.Dictionary(self.fonts))))
        self._share_font_files()
        with self.pdf.open_outline() as outline:
            outline.root.extend(_items(sections))
        self.pdf.Root.PageMode = pikepdf.Name.UseOutlines
        out = io.BytesIO()
        # object streams: a tagged packet holds tens of thousands of small structure elements
        self.pdf.save(out, deterministic_id=True, compress_streams=True,
                      object_stream_mode=pikepdf.ObjectStreamMode.generate)
        return out.getvalue()


    def _carry_structure(self, src: pikepdf.Pdf, first: int) -> None:
        """Copy the structure tree of `src`, whose pages were just added from index `first`.

        pikepdf copies every object of one source through one map, so the elements' page
        references (/Pg) and annotation references land on the pages already copied. Keys of
        the parent tree (a page's /StructParents, an annotation's /StructParent) are moved
        past those of earlier parts, so each stays unique in the merged tree."""
        root = src.Root.get("/StructTreeRoot")
        if root is None or "/K" not in root:
            return
        offset = self.next_key
        nums = _numbers(root.get("/ParentTree"))
        for page in self.pdf.pages[first:]:
            if "/StructParents" in page.obj:
                page.obj.StructParents = int(page.obj.StructParents) + offset
            for annot in page.obj.get("/Annots", []):
                if "/StructParent" in annot:
                    annot.StructParent = int(annot.StructParent) + offset
        for key, value in nums:
            self.parent_tree += [key + offset, self._copy(value)]
        self.next_key = offset + max((key for key, _ in nums), default=-1) + 1
        kids = root.K if isinstance(root.K, pikepdf.Array) else [root.K]
        for kid in kids:
            part = self._copy(kid)
            if part.get("/S") == pikepdf.Name.Document:
                part.S = pikepdf.Name.Part  # one Document holds the packet; each part is a Part of it
            self.parts.append(part)

    def _copy(self, value: pikepdf.Object) -> pikepdf.Object:
        """A value of another PDF brought into this one; pikepdf copies only indirect
        objects, and parent-tree entries are direct arrays of them."""
        if isinstance(value, pikepdf.Array) and not value.is_indirect:
            return pikepdf.Array([self._copy(item) for item in value])
        return self.pdf.copy_foreign(value) if value.is_indirect else value

    def _structure_root(self) -> None:
        """One structure tree over every tagged part: a Document of Parts, with its parent tree."""
        root = self.pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.StructTreeRoot))
        document = self.pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.StructElem, S=pikepdf.Name.Document, P=root, K=pikepdf.Array(self.parts)))
        for part in self.parts:
            part.P = document  # was the source's root, now unreachable: the writer drops it
        root.K = pikepdf.Array([document])
        root.ParentTree = self.pdf.make_indirect(pikepdf.Dictionary(Nums=pikepdf.Array(self.parent_tree)))
        root.ParentTreeNextKey = self.next_key
        self.pdf.Root.StructTreeRoot = root
        self.pdf.Root.MarkInfo = pikepdf.Dictionary(Marked=True)

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


def _numbers(tree) -> list[tuple[int, pikepdf.Object]]:
    """The (key, value) pairs of a number tree, its /Kids followed down."""
    if tree is None:
        return []
    pairs = list(tree.get("/Nums", []))
    found = [(int(pairs[i]), pairs[i + 1]) for i in range(0, len(pairs) - 1, 2)]
    for kid in tree.get("/Kids", []):
        found += _numbers(kid)
    return found


def _items(sections: list[Section]) -> list[pikepdf.OutlineItem]:
    items = []
    for s in sections:
        item = pikepdf.OutlineItem(s.title, s.page)
        item.children.extend(_items(s.children))
        items.append(item)
    return items
