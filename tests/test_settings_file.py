"""`playaid.toml` as a hostile or unlucky user writes it, found from a subfolder, and the
`PLAYAID_<COMMAND>_<OPTION>` names docs/settings.md gives (issues 26 items 4 and 7, 28 item 2)."""

from __future__ import annotations

import os
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings as hsettings
from hypothesis import strategies as st

from playaid import defaults
from playaid.cli import cli, main, settings


def _main(folder: Path, *args: str, env: dict | None = None):
    """`playaid ARGS` run from `folder` as a user runs it: settings looked up, errors printed."""
    old = Path.cwd()
    os.chdir(folder)
    try:
        return CliRunner().invoke(main_command, list(args), env=env)
    finally:
        os.chdir(old)


@click.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.pass_context
def main_command(ctx):
    import sys

    sys.argv = ["playaid", *ctx.args]
    main()


def _error(tmp_path: Path, text: str | bytes) -> str:
    path = tmp_path / "playaid.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    with pytest.raises(defaults.SettingsError) as caught:
        settings(tmp_path)
    return str(caught.value)


@pytest.mark.parametrize("text, said", [
    ("flat = 2", "`flat` is `2`; it is a flag: write true or false"),
    ("[sheet]\nflat = \"yes\"", "`flat` in [sheet] is the text `yes`; it is a flag"),
    ("[pregen]\ncount = inf", "playaid.toml:2: `count` in [pregen] is `inf`; write a whole number from 1 to"),
    ("[pregen]\ncount = 2.5", "`count` in [pregen] is `2.5`; write a whole number"),
    ("[pregen]\nplayers = [1, 2]", "`players` in [pregen] is a list; write one value"),
    ("paper = \"b5\"", "`paper` is the text `b5`: 'b5' is not one of"),
    ("x = " + "[" * 30000 + "]" * 30000, "nested too deep"),
    ("x = " + "{a=" * 10000 + "}" * 10000, "nested too deep"),
    ("paper = \"" + "x" * 70000 + "\"", "larger than 64 KiB"),
    ("[roll]\nout = \"" + "y" * 5000 + "\"", "is 5000 characters long; a setting holds at most 1000"),
])
def test_values_of_the_wrong_type_are_one_clear_error(tmp_path, text, said):
    message = _error(tmp_path, text)
    assert said in message, message
    assert len(message) < 1500


def test_every_problem_of_the_file_is_listed_at_once(tmp_path):
    message = _error(tmp_path, "[pregen]\ncount = 2.5\nplayers = [1, 2]\nflat = true\n")
    assert [line.split(": ", 1)[0].rsplit(":", 1)[1] for line in message.splitlines()] == ["4", "2", "3"]


def test_a_byte_order_mark_is_read_as_utf8(tmp_path):
    (tmp_path / "playaid.toml").write_bytes(b"\xef\xbb\xbfpaper = \"letter\"\n")
    assert settings(tmp_path)["sheet"]["paper"] == "letter"


def test_a_home_folder_in_a_path_is_expanded_and_relative_folders_are_the_files_own(tmp_path):
    (tmp_path / "playaid.toml").write_text('out = "~/x"\n[deck]\nout = "cards"\n')
    (tmp_path / "sub").mkdir()
    found = settings(tmp_path / "sub")
    assert found["sheet"]["out_dir"] == os.path.expanduser("~/x")
    assert found["deck"]["out_dir"] == str(tmp_path / "cards")


def test_an_unreadable_file_is_one_clear_error_not_a_traceback(tmp_path):
    (tmp_path / "playaid.toml").symlink_to("playaid.toml")  # a loop: no user, root neither, can read it
    result = _main(tmp_path, "systems")
    assert result.exit_code == 1
    assert "playaid.toml: cannot be read" in result.output and "Traceback" not in result.output


def test_settings_are_found_in_a_parent_folder_and_named(tmp_path):
    (tmp_path / "playaid.toml").write_text('paper = "letter"\n')
    deep = tmp_path / "con" / "dirt-2"
    deep.mkdir(parents=True)
    result = _main(deep, "sheet", "--blank", "dirt", "--out", str(tmp_path / "o"))
    assert result.exit_code == 0, result.output
    assert f"settings from {tmp_path / 'playaid.toml'}" in result.output
    assert "blank-dirt.pdf (US Letter)" in result.output


def test_the_search_stops_at_a_repository_top(tmp_path):
    (tmp_path / "playaid.toml").write_text('paper = "letter"\n')
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    (tmp_path / "repo" / "sub").mkdir()
    assert defaults.find(tmp_path / "repo" / "sub") is None
    assert defaults.find(tmp_path / "repo") is None
    assert defaults.find(tmp_path) == tmp_path / "playaid.toml"


def _options():
    ctx = click.Context(cli)
    for name in cli.list_commands(ctx):
        command = cli.get_command(ctx, name)
        for param in command.params:
            if isinstance(param, click.Option):
                for flag in (o for o in param.opts if o.startswith("--")):
                    yield name, param, flag


def test_every_option_of_every_command_has_its_readme_variable():
    """PLAYAID_<COMMAND>_<OPTION>, OPTION as typed (`roll --dice` is PLAYAID_ROLL_DICE, not `typed`)."""
    seen = 0
    for name, param, flag in _options():
        wanted = f"PLAYAID_{name.upper().replace('-', '_')}_{flag[2:].upper().replace('-', '_')}"
        assert wanted in param.envvar, (name, flag, param.envvar)
        seen += 1
    assert seen > 50


@pytest.mark.parametrize("command", sorted(cli.list_commands(click.Context(cli))))
def test_help_names_the_variable_of_every_option_when_it_is_set(command):
    names = {f"PLAYAID_{n.upper().replace('-', '_')}_{flag[2:].upper().replace('-', '_')}"
             for n, _, flag in _options() if n == command}
    text = " ".join(CliRunner().invoke(cli, [command, "--help"], env=dict.fromkeys(names, "1"),
                                       auto_envvar_prefix=defaults.PREFIX).output.split())
    for name in names:
        assert f"[default from ${name}]" in text, (command, name)


def test_the_documented_variable_sets_roll_dice(tmp_path):
    from conftest import EXAMPLES

    scene = EXAMPLES["dirt"] / "scene-scuffle.yaml"
    result = CliRunner().invoke(cli, ["roll", str(scene)], env={"PLAYAID_ROLL_DICE": "9"},
                                auto_envvar_prefix=defaults.PREFIX)
    assert "9 is not a face of it" in result.output


KEYS = st.sampled_from(["paper", "out", "count", "flat", "players", "bleed", "seed", "dice", "x"])
VALUES = st.one_of(st.integers(-10**30, 10**30).map(str), st.floats().map(lambda f: repr(f).replace("nan", "nan")),
                   st.text(max_size=30).map(lambda t: '"' + t.replace("\\", "\\\\").replace('"', '\\"') + '"'),
                   st.booleans().map(lambda b: str(b).lower()), st.just("[1, 2]"), st.just("{a = 1}"),
                   st.just("1979-05-27"))


@hsettings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.tuples(st.sampled_from([None, "sheet", "pregen", "deck", "roll"]), KEYS, VALUES),
                      max_size=6))
def test_any_settings_file_gives_settings_or_one_clear_error(tmp_path_factory, lines):
    folder = tmp_path_factory.mktemp("toml")
    text = "".join(f"{k} = {v}\n" for table, k, v in lines if table is None)
    for table in {t for t, _, _ in lines if t}:
        text += f"[{table}]\n" + "".join(f"{k} = {v}\n" for t, k, v in lines if t == table)
    (folder / "playaid.toml").write_text(text, encoding="utf-8")
    try:
        settings(folder)
    except defaults.SettingsError as exc:
        assert str(exc) and all(line.startswith(str(folder)) for line in str(exc).splitlines())


def test_a_home_folder_in_a_variable_is_expanded(tmp_path):
    result = CliRunner().invoke(cli, ["sheet", "--blank", "dirt"], env={"PLAYAID_OUT": "~/made", "HOME": str(tmp_path)},
                                auto_envvar_prefix=defaults.PREFIX)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "made" / "blank-dirt.pdf").is_file()


# playaid.toml in a parent folder (issue 42): whatever stands there and whoever owns it, the lookup
# answers at once with settings, one ignored line, or one error naming the file; never a hang.
KINDS = st.sampled_from(["text", "fifo", "loop", "folder", "others-write", "stranger", "bad-byte", "link-to-text"])


def _plant(folder: Path, kind: str, text: str) -> None:
    path = folder / "playaid.toml"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "loop":
        path.symlink_to(path.name)
    elif kind == "folder":
        path.mkdir()
    elif kind == "link-to-text":
        (folder / "real.toml").write_text(text, encoding="utf-8")
        path.symlink_to("real.toml")
    else:
        path.write_bytes(text.encode("utf-8") + (b"\xff" if kind == "bad-byte" else b""))
        path.chmod(0o666 if kind == "others-write" else 0o644)


@hsettings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=KINDS, depth=st.integers(0, 3),
       lines=st.lists(st.tuples(KEYS, VALUES), max_size=3))
def test_a_settings_file_in_any_parent_answers_at_once(tmp_path_factory, kind, depth, lines):
    import signal

    top = tmp_path_factory.mktemp("parents")
    _plant(top, kind, "".join(f"{k} = {v}\n" for k, v in lines))
    here = top.joinpath(*[f"d{i}" for i in range(depth)])
    here.mkdir(parents=True, exist_ok=True)
    real_uid = os.geteuid

    def expire(_signum, _frame):
        raise TimeoutError("the settings lookup hung")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(10)
    try:
        if kind == "stranger":
            os.geteuid = lambda: real_uid() + 1
        found = settings(here)
    except defaults.Untrusted as exc:
        assert kind in ("others-write", "stranger") and str(exc).startswith(f"ignored {top / 'playaid.toml'}")
        return
    except defaults.SettingsError as exc:
        assert kind not in ("others-write", "stranger") and str(exc).startswith(str(top / "playaid.toml"))
        return
    finally:
        os.geteuid = real_uid
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert kind in ("text", "link-to-text", "folder")
    assert found.source in (None, top / "playaid.toml")
