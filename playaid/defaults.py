"""Defaults a group sets once: `playaid.toml` in the current folder and `PLAYAID_…` variables.

Precedence, highest first: the command line, an environment variable, `playaid.toml`,
the built-in default. Every option of every command can be set from the environment as
`PLAYAID_<COMMAND>_<OPTION>` (click's automatic names, e.g. `PLAYAID_SHEET_FLAT=1`); the
options most groups share also have one name for all commands: `PLAYAID_PAPER` and
`PLAYAID_OUT`. `playaid.toml` holds the same settings, shared ones at the top and a table
per command:

    paper = "letter"
    out = "table"

    [deck]
    bleed = 3

`--help` says where a default came from when it is not the built-in one.
"""

from __future__ import annotations

import difflib
import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Iterator

import click

FILE = "playaid.toml"
PREFIX = "PLAYAID"
SHARED = {"paper": "PLAYAID_PAPER", "out_dir": "PLAYAID_OUT"}
"""Options with one variable for every command that has them."""
ALIASES = {"out": "out_dir"}
"""Names a user writes for an option whose Python name differs (`--out` is `out_dir`)."""


class SettingsError(Exception):
    """A `playaid.toml` that cannot be read; the message says where and how to fix it."""


class Settings(Mapping[str, Any]):
    """click's `default_map`: the settings of each command, shared ones merged in."""

    def __init__(self, shared: dict[str, Any], commands: dict[str, dict[str, Any]], source: Path | None,
                 names: tuple[str, ...] = ()):
        self.shared, self.commands, self.source, self.names = shared, commands, source, names

    def __getitem__(self, command: str) -> dict[str, Any]:
        # the group's own options (--version) look here too: only commands have settings
        if command not in self.names:
            raise KeyError(command)
        return {**self.shared, **self.commands.get(command, {})}

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)


NONE = Settings({}, {}, None)


def _names(table: dict[str, Any], where: str) -> dict[str, Any]:
    out = {}
    for key, value in table.items():
        if isinstance(value, dict):
            raise SettingsError(f"{where}: `{key}` is a table inside a table; settings are `name = value` lines")
        name = key.replace("-", "_")
        out[ALIASES.get(name, name)] = value
    return out


def load(folder: Path, commands: list[str]) -> Settings:
    """The settings of `folder/playaid.toml` (none when there is no such file)."""
    path = folder / FILE
    if not path.is_file():
        return NONE
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise SettingsError(f"{path}: {exc}; write `name = value` lines, e.g. paper = \"letter\"") from None
    shared = {k: v for k, v in data.items() if not isinstance(v, dict)}
    tables = {k: v for k, v in data.items() if isinstance(v, dict)}
    for name in tables:
        if name not in commands:
            close = difflib.get_close_matches(name, commands, n=1)
            raise SettingsError(f"{path}: there is no command `{name}`"
                                + (f"; did you mean [{close[0]}]?" if close else f"; commands: {', '.join(commands)}"))
    return Settings(_names(shared, str(path)), {k: _names(v, f"{path} [{k}]") for k, v in tables.items()}, path,
                    tuple(commands))


def annotate(command: click.Command, name: str, settings: Settings) -> None:
    """Give `command`'s options their shared variables, and say in `--help` where a default
    that is not built in comes from."""
    set_here = settings.get(name, {}) if settings.source else {}
    for param in command.params:
        if not isinstance(param, click.Option):
            continue
        if not hasattr(param, "_playaid_plain"):
            # command objects live as long as the process: keep what they said before notes
            param._playaid_plain = (param.help, param.show_default)
        param.help, param.show_default = param._playaid_plain
        own = f"{PREFIX}_{name.upper().replace('-', '_')}_{param.name.upper()}"
        param.envvar = [own] + ([SHARED[param.name]] if param.name in SHARED else [])
        source = next((v for v in param.envvar if os.environ.get(v)), None)
        note = (f"default from ${source}" if source
                else f"default from {FILE}" if param.name in set_here else "")
        if note:
            param.help = f"{param.help or ''} [{note}]".strip()
            param.show_default = True


def unknown(settings: Settings, commands: dict[str, click.Command]) -> list[str]:
    """Settings no command has an option for (a typo in `playaid.toml`)."""
    known = {p.name for c in commands.values() for p in c.params if isinstance(p, click.Option)}
    problems = []
    for key in settings.shared:
        if key not in known:
            close = difflib.get_close_matches(key, sorted(known), n=1)
            problems.append(f"`{key}`" + (f" (did you mean `{close[0]}`?)" if close else ""))
    for name, table in settings.commands.items():
        own = {p.name for p in commands[name].params if isinstance(p, click.Option)}
        for key in table:
            if key not in own:
                close = difflib.get_close_matches(key, sorted(own), n=1)
                problems.append(f"`{key}` in [{name}]" + (f" (did you mean `{close[0]}`?)" if close else ""))
    return problems
