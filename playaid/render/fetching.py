"""The files WeasyPrint may read while it lays out a page, and nothing else of the machine.

The fetcher serves files from the project's `templates/` and `assets/` folders, a user's
`--template-dir`, the games' own folders and the font files `fonts.found_files` names; every
other URL (`file:///etc/passwd`, `http://…`) is refused, so it stays literal text.
"""

from __future__ import annotations

import logging
import mimetypes
import os
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

from .fonts import FONT_DIR, found_files
from .. import resources

TEMPLATES = resources.TEMPLATES
ASSETS = resources.ASSETS


class HardLinked(Exception):
    """A user's template file that is also another file (a hard link)."""


def game_roots(file_name: str) -> Iterator[Path]:
    """Template folders games bring (`templates/` in a game's folder), looked in after the
    bundled one: first the folder of the game a file is named after (`sheets/dirt.html`), so
    one sheet imports one game; then every game's, for a template a game adds of its own."""
    from ..systems import REGISTRY

    named = file_name.rsplit(".", 1)[0]
    first = [named] if named in REGISTRY else []
    for game in [*first, *(g for g in REGISTRY if g not in first)]:
        if REGISTRY[game].templates:
            yield Path(REGISTRY[game].templates)


_OURS = (TEMPLATES.resolve(), ASSETS.resolve(), FONT_DIR.resolve())


def read_template_file(path: Path) -> bytes:
    """The bytes of a template, stylesheet or image; HardLinked for a user's file with
    a second name. A hard link, unlike a symlink, cannot be told from its target by
    its path: `style.css` could be `~/.ssh/id_rsa` under another name. The link count is
    read from the open file, so the file cannot be swapped between check and read.
    Bundled files are exempt: some installers hard-link packages from a cache."""
    with open(path, "rb", opener=lambda p, flags: os.open(p, flags | os.O_NONBLOCK)) as fh:
        links = os.fstat(fh.fileno()).st_nlink
        if links > 1 and not any(r in path.parents for r in _OURS):
            raise HardLinked(f"{path} has {links} names (hard links), so it may be any file of yours; "
                              "copy the file into the folder instead of linking it")
        return fh.read()


def _allowed_roots(template_roots: list[Path]) -> list[Path]:
    return [p.resolve() for p in (*template_roots, ASSETS, FONT_DIR)]


def _game_template_roots() -> list[Path]:
    """Every game's `templates/` folder, resolved (asked only when a file is not among ours)."""
    return [root.resolve() for root in game_roots("")]


def _in_a_game_folder(path: Path) -> bool:
    """Whether `path` (resolved) is inside a game's folder: its templates, images, fonts and
    data may be read, nothing else of the machine."""
    from ..systems import REGISTRY

    folders = [REGISTRY[g].folder for g in REGISTRY]
    return any(f is not None and f.resolve() in path.parents for f in folders)


def local_fetcher(template_roots: list[Path]):
    """A WeasyPrint URL fetcher that serves only files under the allowed folders."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse, URLFetchingError

    roots = _allowed_roots(template_roots)
    first, bundled = template_roots[0].resolve(), TEMPLATES.resolve()
    fonts = set(found_files())  # the installed script fonts and the user's, by exact file

    class LocalOnly(URLFetcher):
        def fetch(self, url, headers=None):
            parts = urlsplit(url)
            if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
                raise URLFetchingError(f"playaid fetches no {parts.scheme or 'relative'} URLs: {url}")
            path = Path(unquote(parts.path)).resolve()
            if not path.is_file() and first in path.parents:
                # A user's template folder need not copy every stylesheet, and a game's
                # stylesheets and pictures sit beside its templates: fall back to those.
                relative = path.relative_to(first)
                path = next((r / relative for r in (bundled, *_game_template_roots()) if (r / relative).is_file()),
                            bundled / relative)
            if not path.is_file() or not (any(r in path.parents for r in roots) or _in_a_game_folder(path)
                                          or path in fonts):
                raise URLFetchingError(f"outside the project's templates, assets and games: {url}")
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            # WeasyPrint applies a stylesheet only when it is served as text/css.
            try:
                data = read_template_file(path)
            except (HardLinked, OSError) as exc:
                raise URLFetchingError(f"refused: {exc}") from None
            return URLFetcherResponse(url, data, headers={"Content-Type": kind})

    return LocalOnly()


# WeasyPrint reports a refused fetch as a warning on its logger; the refusal is the point,
# so it is kept out of the user's terminal.
logging.getLogger("weasyprint").setLevel(logging.ERROR)
