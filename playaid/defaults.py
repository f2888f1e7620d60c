"""Defaults a group sets once: `playaid.toml` (in the current folder or the nearest one above)
and `PLAYAID_…` variables.

Precedence, highest first: the command line, an environment variable, `playaid.toml`,
the built-in default. Every option of every command can be set from the environment as
`PLAYAID_<COMMAND>_<OPTION>`, the option named as typed (`PLAYAID_ROLL_DICE` for
`roll --dice`; its inside name, `PLAYAID_ROLL_TYPED`, works too); the
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
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Iterator

import click

from .safe_text import shown
# finding and reading the file lives there; its names are this module's too (`defaults.find`)
from .settings_file import FILE, SKIP, SettingsError, Untrusted, find, parse, read_text  # noqa: F401
PREFIX = "PLAYAID"
SHARED = {"paper": "PLAYAID_PAPER", "out_dir": "PLAYAID_OUT", "language": "PLAYAID_LANG"}
"""Options with one variable for every command that has them."""


class Settings(Mapping[str, Any]):
    """click's `default_map`: the settings of each command, shared ones merged in."""

    def __init__(self, shared: dict[str, Any], commands: dict[str, dict[str, Any]], source: Path | None,
                 names: tuple[str, ...] = (), text: str = "", font: str | None = None):
        self.shared, self.commands, self.source, self.names = shared, commands, source, names
        self.text = text  # the file as read once: its lines for messages, never read again
        self.font = font
        """`font = "FILE"`: the group's `--font`, relative to the file's folder (not a command's setting)."""

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
        out[key.replace("-", "_")] = value
    return out


def load(path: Path | None, commands: list[str]) -> Settings:
    """The settings of the file at `path` (none when it is None)."""
    if path is None:
        return NONE
    text = read_text(path)
    data = parse(path, text)
    font = data.pop("font", None)
    if font is not None and not (isinstance(font, str) and font.strip()):
        raise SettingsError(f"{path}:{_line(text, None, 'font')}: `font` is {_kind(font)}; write the font "
                            'file\'s path as text, e.g. font = "fonts/NotoSansThai-Regular.ttf"')
    shared = {k: v for k, v in data.items() if not isinstance(v, dict)}
    tables = {k: v for k, v in data.items() if isinstance(v, dict)}
    for name in tables:
        if name not in commands:
            close = difflib.get_close_matches(name, commands, n=1)
            raise SettingsError(f"{path}: there is no command `{shown(name)}`"
                                + (f"; did you mean [{close[0]}]?" if close else f"; commands: {', '.join(commands)}"))
    return Settings(_names(shared, str(path)), {k: _names(v, f"{path} [{k}]") for k, v in tables.items()}, path,
                    tuple(commands), text, font and os.path.join(path.parent, os.path.expanduser(font)))


def option_names(param: click.Option) -> list[str]:
    """What a user calls an option in `playaid.toml` and in a variable: its long flags
    (`--dice` → dice, `--back-offset` → back_offset), then its name inside (`typed`)."""
    flags = [o.lstrip("-").replace("-", "_") for o in param.opts if o.startswith("--")]
    return list(dict.fromkeys([*flags, param.name]))


def annotate(command: click.Command, name: str, settings: Settings) -> None:
    """Give `command`'s options their variables, named as the README says (`PLAYAID_ROLL_DICE`
    for `roll --dice`) and by their inside name too, and say in `--help` where a default that
    is not built in comes from."""
    set_here = settings.get(name, {}) if settings.source else {}
    for param in command.params:
        if not isinstance(param, click.Option):
            continue
        if not hasattr(param, "_playaid_plain"):
            # command objects live as long as the process: keep what they said before notes
            param._playaid_plain = (param.help, param.show_default)
        param.help, param.show_default = param._playaid_plain
        param.envvar = variables(name, param)
        source = next((v for v in param.envvar if os.environ.get(v)), None)
        note = (f"default from ${source}" if source
                else f"default from {FILE}" if param.name in set_here else "")
        if note:
            param.help = f"{param.help or ''} [{note}]".strip()
            param.show_default = True


def variables(command: str, param: click.Option) -> list[str]:
    """The environment variables that set `param` of `command`, first one first."""
    own = [f"{PREFIX}_{command.upper().replace('-', '_')}_{n.upper()}" for n in option_names(param)]
    return own + ([SHARED[param.name]] if param.name in SHARED else [])


def _line(text: str, table: str | None, key: str) -> int:
    """The line of `key` in `table` (None: the top) of a settings file's text, for messages."""
    current = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("["):
            current = line.strip("[] ").strip('"')
        elif current == table and line.split("=", 1)[0].strip().strip('"').replace("-", "_") == key:
            return number
    return 1


def _value(param: click.Option, value: Any, command: click.Command, folder: str) -> Any:
    """`value` from the file as the option takes it, or SettingsError's words for what is wrong."""
    if param.is_flag:
        if not isinstance(value, bool):
            raise ValueError(f"is {_kind(value)}; it is a flag: write true or false")
        return value
    if isinstance(value, (bool, list, dict)) or not isinstance(value, (str, int, float)):
        raise ValueError(f"is {_kind(value)}; write one value, as --{param.name.replace('_', '-')} takes it "
                         '(several names go in one text: players = "Ann,Ben,Cat")')
    if isinstance(param.type, click.types.IntParamType) and isinstance(value, float):
        raise ValueError(f"is {_kind(value)}; {_whole(param.type)}")
    text = value if isinstance(value, str) else repr(value)
    if len(text) > LONGEST:
        raise ValueError(f"is {len(text)} characters long; a setting holds at most {LONGEST}")
    if isinstance(param.type, click.Path) and text:
        # `~` is the shell's, never expanded in a file; a relative folder is the file's own
        text = os.path.join(folder, os.path.expanduser(text))
    try:
        param.type.convert(text, param, click.Context(command))
    except click.BadParameter as exc:
        if isinstance(param.type, click.types.IntParamType):
            raise ValueError(f"is {_kind(value)}; {_whole(param.type)}") from None
        raise ValueError(f"is {_kind(value)}: {exc.message.rstrip('.')}") from None
    return text


def _whole(kind: click.ParamType) -> str:
    low, high = getattr(kind, "min", None), getattr(kind, "max", None)
    span = f" from {low} to {high}" if low is not None and high is not None else ""
    return f"write a whole number{span}, e.g. {low if low is not None else 2}"


def _tried(param: click.Option, value: Any, command: click.Command, folder: str) -> Any:
    try:
        return _value(param, value, command, folder)
    except ValueError as exc:
        return exc


LONGEST = 1000
"""Characters of one setting's value; a folder or a name is far shorter."""


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, str):
        return f"the text `{shown(value)[:40]}`"
    if isinstance(value, (int, float)):
        return f"`{repr(value)}`"
    return f"a {type(value).__name__}"


def resolve(settings: Settings, commands: dict[str, click.Command], here: Path) -> Settings:
    """`settings` checked against every command's options: each key named as the option
    (`dice` is `roll --dice`), each value of the type the option takes. Every problem is
    collected, then one SettingsError lists them all."""
    path = settings.source
    if path is None:
        return settings
    text = settings.text
    folder = "" if path.parent.resolve() == here.resolve() else str(path.parent)
    problems, resolved = [], {}
    options = {c: {n: p for p in cmd.params if isinstance(p, click.Option) for n in option_names(p)}
               for c, cmd in commands.items()}
    known = sorted({n for o in options.values() for n in o})
    for key in settings.shared:
        if not any(key in o for o in options.values()):
            close = difflib.get_close_matches(key, known, n=1)
            problems.append(f"{path}:{_line(text, None, key)}: no command has the setting `{shown(key)}`"
                            + (f"; did you mean `{close[0]}`?" if close else ""))
    for name, table in settings.commands.items():
        for key in table:
            if key not in options[name]:
                close = difflib.get_close_matches(key, sorted(options[name]), n=1)
                problems.append(f"{path}:{_line(text, name, key)}: [{name}] has no setting `{shown(key)}`"
                                + (f"; did you mean `{close[0]}`?" if close else ""))
    for key, value in settings.shared.items():
        # a shared value need only suit some command (paper = "a3" suits the deck, not a packet):
        # a command it does not suit refuses it when it runs, as it would on its command line
        tried = {name: _tried(own[key], value, commands[name], folder)
                 for name, own in options.items() if key in own}
        if tried and all(isinstance(v, ValueError) for v in tried.values()):
            problems.append(f"{path}:{_line(text, None, key)}: `{key}` {shown(str(next(iter(tried.values()))))}")
        for name, v in tried.items():
            resolved.setdefault(name, {})[options[name][key].name] = value if isinstance(v, ValueError) else v
    for name, table in settings.commands.items():
        for key, value in table.items():
            if key in options[name]:
                v = _tried(options[name][key], value, commands[name], folder)
                if isinstance(v, ValueError):
                    problems.append(f"{path}:{_line(text, name, key)}: `{key}` in [{name}] {shown(str(v))}")
                else:
                    resolved.setdefault(name, {})[options[name][key].name] = v
    if problems:
        raise SettingsError("\n".join(dict.fromkeys(problems)))
    return Settings({}, resolved, path, settings.names, text, settings.font)
