"""MkDocs hook: a command's reference page shows its `--help`, read from the command itself.

A page in docs/commands/ holds the marker `<!-- help: NAME -->` where the help goes; the
build puts `playaid NAME --help` there, so the reference can never drift from the options.
The help is read in-process, where no `playaid.toml` and no `PLAYAID_*` variable applies
(only `playaid.cli.main` reads them), so the page shows the built-in defaults whoever builds it.
"""

from __future__ import annotations

import re

from click.testing import CliRunner

MARKER = re.compile(r"<!-- help: ([a-z-]+) -->")


def help_text(name: str) -> str:
    """`playaid NAME --help` as a reader's 88-column terminal shows it."""
    from playaid.cli import cli

    result = CliRunner().invoke(cli, [name, "--help"], prog_name="playaid", terminal_width=88)
    if result.exit_code != 0:
        raise ValueError(f"playaid {name} --help failed: {result.output}")
    return result.output


def on_page_markdown(markdown: str, page, config, files) -> str:
    return MARKER.sub(lambda m: f"```text\n{help_text(m.group(1)).rstrip()}\n```", markdown)
