"""`playaid sheet`: a character sheet per character, blank sheets and reference pages."""

from __future__ import annotations

from pathlib import Path

import click

from ..documents import Library, expand
from ..language import chosen, speaking
from ..problems import unique
from ..render.html import TemplateProblem, Templates
from ..render.layout_bounds import LayoutTooBig
from ..render.paper import paper as paper_named
from ..systems import REGISTRY
from . import GameChoice, InputError, lang_option, out_option, paper_option, print_problems, warn, write_all

SYSTEMS = GameChoice("sheet")


def load_casts(paths: tuple[str, ...]) -> list:
    """The casts of the character and setup files named; InputError with the problems if any is invalid."""
    from ..render.sheets import cast_of

    files, problems = expand(paths)
    library = Library()
    docs = [(f, library.load(f)) for f in files]
    problems = unique(problems + library.problems())
    if any(p.is_error for p in problems):
        print_problems(problems)
        raise InputError("nothing rendered: fix the problems above (playaid validate shows them too)")
    casts = []
    for f, doc in docs:
        if doc.kind not in ("character", "setup"):
            raise InputError(f"{f}: a {doc.kind} file has no characters to print; name character or setup files")
        casts.append(cast_of(library, Path(f), doc))
    return casts


def unique_name(stem: str, taken: dict) -> str:
    """`stem.pdf`, or `stem-2.pdf` … when that is already among `taken`."""
    name, n = f"{stem}.pdf", 1
    while name in taken:
        n += 1
        name = f"{stem}-{n}.pdf"
    return name


@click.command("sheet")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--blank", "blank", type=SYSTEMS, help="Print an empty sheet of this game.")
@click.option("--reference", "reference", type=SYSTEMS, help="Print this game's one-page reference.")
@paper_option()
@out_option
@lang_option
@click.option("--png", is_flag=True, help="Also write a PNG preview of every page.")
@click.option("--flat", is_flag=True, help="Plain boxes instead of fillable form fields.")
@click.option("--template-dir", type=click.Path(file_okay=False, exists=True),
              help="Your own templates, used before the bundled ones (same names).")
def command(paths, blank, reference, paper, out_dir, png, language, flat, template_dir):
    """Character sheets from character or setup files, or blank sheets and reference pages.

    One PDF per character (a setup gives one per member of its cast). Fields that change
    in play are fillable PDF form fields unless --flat. Each sheet is printed in its
    character's `language:`, else --lang's (see docs/languages.md).

    Example: playaid sheet examples/fight-sphere/dana.yaml --paper letter --png

    Example: playaid sheet --blank sapio --lang fr
    """
    from ..render.previews import page_pngs
    from ..render.sheets import reference_pdf, render_sheets, render_sheets_paged, sheet_for, slug

    if not (paths or blank or reference):
        raise click.UsageError("name character or setup files, or use --blank SYSTEM or --reference SYSTEM")
    sheet_paper = paper_named(paper)
    templates = Templates(Path(template_dir) if template_dir else None)
    warnings: list[str] = []
    files: dict[str, bytes] = {}
    try:
        for cast in load_casts(paths) if paths else []:
            for character, setup in cast.members:
                with speaking(chosen(getattr(character, "language", None), language)):
                    sheet = sheet_for(cast.system, character, setup=setup, flat=flat, warnings=warnings)
                    pdf, _, pages = render_sheets_paged(templates, sheet_paper, [sheet], character.name)
                if pages > 2:
                    warnings.append(f"{character.name}: the sheet runs to {pages} pages; shorten the longest texts")
                files[unique_name(slug(character.name), files)] = pdf
        if blank:
            system = blank.lower()
            with speaking(chosen(language)):
                files[unique_name(f"blank-{system}", files)] = render_sheets(
                    templates, sheet_paper, [sheet_for(system, None, flat=flat)], f"blank {system} sheet")
        if reference:
            if chosen(language) != "en":
                warnings.append(f"--lang {language}: reference pages are printed in English for now")
            files[unique_name(f"reference-{reference.lower()}", files)] = reference_pdf(
                templates, sheet_paper, reference.lower())
    except TemplateProblem as exc:
        if template_dir is None and REGISTRY.culprit(exc) is not None:  # the add-on's own template, not
            raise  # the user's: set the add-on aside
        raise InputError(str(exc)) from None
    if png:
        for name, pdf in list(files.items()):
            try:
                files.update(page_pngs(pdf, name.removesuffix(".pdf")))
            except LayoutTooBig as exc:
                raise InputError(f"{name}: {exc}") from None
    for note in templates.warnings + warnings:
        warn(note)
    write_all(out_dir, files)
