"""Finding and reading `playaid.toml`: only the user's own plain file, read without blocking.

A settings file decides where outputs go (`out`), which templates run (`template_dir`)
and whose players are read (`players_file`), and it is looked for in every folder above
the working one. So, as git does with `safe.directory`, a file someone else owns, or that
others may write, is ignored with one line; a pipe, device or socket in its place is
refused unread (opening a pipe blocks until someone writes to it); and
`PLAYAID_NO_SETTINGS=1` skips settings altogether, so a file that cannot be read never
locks anyone out of `--help`.
"""

from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from .text_faults import bad_byte

FILE = "playaid.toml"

SKIP = "PLAYAID_NO_SETTINGS"
"""Set (to anything but empty or 0) to run without any `playaid.toml`."""

MAX_BYTES = 64 * 1024
"""A settings file holds a dozen lines; a larger one is refused unread (25 MB of keys took a minute)."""

WAY_OUT = f"or set {SKIP}=1 to run without settings"


class SettingsError(Exception):
    """A `playaid.toml` that cannot be read; the message says where and how to fix it."""


class Untrusted(SettingsError):
    """A `playaid.toml` that is not the user's own: ignored, with this one line said."""


def skipped() -> bool:
    """Whether the user asked to run without settings."""
    return os.environ.get(SKIP, "").strip() not in ("", "0")


def find(start: Path) -> Path | None:
    """The `playaid.toml` that applies in `start`: there or in the nearest folder above, as git,
    ruff and black find theirs. The search stops at the home folder, a repository's top
    (a folder holding `.git`) and the edge of the file system; what is found is read only
    if it is the user's own (see `read`)."""
    if skipped():
        return None
    home = Path.home()
    folder = start
    while True:
        try:
            candidate = folder / FILE
            if candidate.is_file() or candidate.is_symlink() or (candidate.exists() and not candidate.is_dir()):
                return candidate
            if folder == home or (folder / ".git").exists() or folder.parent == folder:
                return None
            if os.stat(folder).st_dev != os.stat(folder.parent).st_dev:
                return None
        except OSError:
            return None  # a folder we may not look into: no settings from there or above
        folder = folder.parent


def _kind(mode: int) -> str:
    return ("a pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a plain file")


def _trust(path: Path, info: os.stat_result, link: os.stat_result) -> None:
    """Untrusted unless the file (and the link naming it) is the user's and not writable by others."""
    me = os.geteuid() if hasattr(os, "geteuid") else None
    for what in (link, info):
        if me is not None and what.st_uid != me:
            raise Untrusted(f"ignored {path}: it belongs to another user (uid {what.st_uid}); settings are "
                            "read only from your own file, as git does (chown it to you to use it)")
        if what.st_mode & stat.S_IWOTH and not stat.S_ISLNK(what.st_mode):
            raise Untrusted(f"ignored {path}: anyone may write to it; settings are read only from a file "
                            "others cannot change (chmod o-w it to use it)")


def read_text(path: Path) -> str:
    """The text of the settings file at `path`: a plain file of the user's, at most `MAX_BYTES`.
    SettingsError for one that cannot be read, Untrusted for one that is not the user's."""
    try:
        link = os.lstat(path)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise SettingsError(f"{path}: cannot be read ({exc.strerror or exc}); fix its permissions, "
                            f"move it away, {WAY_OUT}") from None
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SettingsError(f"{path}: is {_kind(info.st_mode)}, not a file; settings are read from a plain "
                                f"file only: remove it, {WAY_OUT}")
        _trust(path, info, link)
        try:
            data = fh.read(MAX_BYTES + 1)
        except OSError as exc:
            raise SettingsError(f"{path}: cannot be read ({exc.strerror or exc}); {WAY_OUT}") from None
    if len(data) > MAX_BYTES:
        raise SettingsError(f"{path}: larger than {MAX_BYTES // 1024} KiB; a settings file holds a few "
                            "`name = value` lines, e.g. paper = \"letter\"")
    try:
        # utf-8-sig: editors on Windows start the file with a byte-order mark
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        where = bad_byte(data, exc, str(path))
        raise SettingsError(f"{path}:{where.line}:{where.column}: {where.message}; {where.hint}") from None


def parse(path: Path, text: str) -> dict[str, Any]:
    """The TOML of a settings file's `text`, or SettingsError saying what is wrong."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SettingsError(f"{path}: {exc}; write `name = value` lines, e.g. paper = \"letter\"") from None
    except RecursionError:
        raise SettingsError(f"{path}: lists or tables nested too deep; a setting is one value, "
                            "e.g. paper = \"letter\"") from None
