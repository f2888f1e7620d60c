"""Hardening round 5 (issue 42): the bounds the newer surfaces lacked."""

from __future__ import annotations

import shutil

import pytest
import time

from conftest import EXAMPLES


def _contest_scene(tmp_path, dice: int):
    for f in EXAMPLES["contest"].glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    scene = tmp_path / "scene-riot.yaml"
    text = scene.read_text(encoding="utf-8")
    assert "dice: [d10, d8, d6, d6, d6]" in text
    scene.write_text(text.replace("dice: [d10, d8, d6, d6, d6]", "dice: [" + ", ".join(["d12"] * dice) + "]"),
                     encoding="utf-8")
    return scene


def test_a_scene_pool_past_the_typed_bound_is_refused_at_its_line_and_fast(tmp_path, run):
    scene = _contest_scene(tmp_path, 200)
    started = time.perf_counter()
    result = run("odds", "contest", "--scene", scene)
    assert time.perf_counter() - started < 20  # before: past 60 s and growing memory
    assert result.exit_code == 1, result.output
    line = next(i for i, t in enumerate(scene.read_text(encoding="utf-8").splitlines(), 1) if "The crowd" in t)
    assert f"{scene}:{line}:" in result.output and "[odds.scene-pool]" in result.output
    assert "200 dice" in result.output and "1 to 10" in result.output and "Traceback" not in result.output


def test_a_scene_pool_at_the_bound_is_answered(tmp_path, run):
    result = run("odds", "contest", "--scene", _contest_scene(tmp_path, 10))
    assert result.exit_code == 0, result.output


def _isolation_scene(tmp_path, *greens: int):
    """scene-board-up.yaml with Bob's modifier replaced by one of each of `greens` green dice."""
    for f in EXAMPLES["isolation"].glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    scene = tmp_path / "scene-board-up.yaml"
    text = scene.read_text(encoding="utf-8")
    mine = "  - {who: Bob Tanner, green: 1, why: the action is his profession}\n"
    assert mine in text
    scene.write_text(text.replace(mine, "".join(f"  - {{who: Bob Tanner, green: {n}, why: help {i}}}\n"
                                                for i, n in enumerate(greens))), encoding="utf-8")
    return scene


def test_an_isolation_scene_whose_modifiers_pass_the_typed_bound_is_refused_at_their_line(tmp_path, run):
    scene = _isolation_scene(tmp_path, *[50] * 20)  # each modifier within its own 0-50
    started = time.perf_counter()
    result = run("odds", "isolation", "--scene", scene)
    assert time.perf_counter() - started < 20  # before: 1,003 green dice computed, past 60 s
    assert result.exit_code == 1, result.output
    line = next(i for i, t in enumerate(scene.read_text(encoding="utf-8").splitlines(), 1) if "help 0" in t)
    assert f"{scene}:{line}:" in result.output and "[odds.scene-pool]" in result.output
    assert "Bob Tanner's green pool rolls 1003 dice" in result.output and "0 to 60" in result.output


def test_an_isolation_scene_within_the_bound_is_answered(tmp_path, run):
    result = run("odds", "isolation", "--scene", _isolation_scene(tmp_path, 50, 7))  # 3 + 57 = 60 green
    assert result.exit_code == 0 and "rolls 60 green" in result.output, result.output


def test_an_answer_of_thousands_of_digits_at_ask_is_refused_not_a_traceback(tmp_path):
    from click.testing import CliRunner

    from playaid.cli import cli

    shutil.copytree(EXAMPLES["dirt"], tmp_path / "dirt")
    scene = next((tmp_path / "dirt").glob("scene-*.yaml"))
    result = CliRunner().invoke(cli, ["roll", str(scene), "--ask"], input="9" * 5000 + "\n" + "3\n" * 40)
    assert "Traceback" not in result.output and not isinstance(result.exception, ValueError)
    assert "is not one die" in result.output


def _deck_csv(tmp_path, cards: int, copies: int = 1):
    path = tmp_path / "big.csv"
    path.write_text("name,copies\n" + "".join(f"Card {i},{copies}\n" for i in range(cards)), encoding="utf-8")
    return path


def test_per_card_pngs_are_written_as_they_are_drawn_not_held_all_at_once(tmp_path, run, monkeypatch):
    import pypdfium2

    from playaid.outputs import Batch

    drawn, seen = [0], []
    render, write = pypdfium2.PdfPage.render, Batch.write_bytes

    def counting_render(page, *args, **kwargs):
        drawn[0] += 1
        return render(page, *args, **kwargs)

    def noting_write(batch, name, data):
        seen.append((name, drawn[0]))
        return write(batch, name, data)

    monkeypatch.setattr(pypdfium2.PdfPage, "render", counting_render)
    monkeypatch.setattr(Batch, "write_bytes", noting_write)
    result = run("deck", _deck_csv(tmp_path, 4), "--per-card", "png", "--size", "mini", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    # before: all four fronts were drawn (and held) before the first was written
    assert seen[:4] == [(f"big-front-00{i}.png", i) for i in range(1, 5)]
    assert sorted(p.name for p in (tmp_path / "out").iterdir() if not p.name.startswith(".")) == ["big-back.png",
                                                                     *(f"big-front-00{i}.png" for i in range(1, 5))]


def test_per_card_png_refuses_more_cards_than_its_bound_before_drawing_any(tmp_path, run, monkeypatch):
    from playaid.games.fight_club.cards import per_card

    def no_drawing(*_args, **_kwargs):
        raise AssertionError("a card was drawn")

    monkeypatch.setattr(per_card, "cards_pdf", no_drawing)
    result = run("deck", _deck_csv(tmp_path, 11, copies=100), "--per-card", "png", "--out", tmp_path / "out")
    assert result.exit_code == 1, result.output
    assert "1100 cards" in result.output and "at most 1000" in result.output and "--per-card pdf" in result.output
    assert "Traceback" not in result.output and not (tmp_path / "out").exists()


def test_per_card_png_at_its_bound_is_not_refused(tmp_path, run, monkeypatch):
    from playaid.games.fight_club.cards import per_card

    monkeypatch.setattr(per_card, "cards_pngs", lambda cards, *_a, **_k: iter([("n.png", str(len(cards)).encode())]))
    result = run("deck", _deck_csv(tmp_path, 10, copies=100), "--per-card", "png", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "n.png").read_bytes() == b"1000"


def _main_in(folder, *args, env=None):
    """`playaid ARGS` as a user runs it from `folder`: settings looked up first."""
    import os

    from test_settings_file import main_command
    from click.testing import CliRunner

    old = os.getcwd()
    os.chdir(folder)
    try:
        return CliRunner().invoke(main_command, list(args), env=env)
    finally:
        os.chdir(old)


def test_a_pipe_named_playaid_toml_above_is_refused_unread_not_waited_on(tmp_path):
    import os
    import subprocess
    import sys

    os.mkfifo(tmp_path / "playaid.toml")
    (tmp_path / "sub").mkdir()
    try:
        done = subprocess.run([sys.executable, "-m", "playaid", "systems"], cwd=tmp_path / "sub", timeout=30,
                              capture_output=True, text=True, env={**os.environ, "PLAYAID_NO_SETTINGS": ""})
    except subprocess.TimeoutExpired:
        raise AssertionError("playaid waited on the pipe (before: forever, every command)") from None
    assert done.returncode == 1, done.stderr
    assert "playaid.toml: is a pipe, not a file" in done.stderr and "PLAYAID_NO_SETTINGS=1" in done.stderr
    assert "Traceback" not in done.stderr


def _stranger_settings(tmp_path):
    (tmp_path / "playaid.toml").write_text('out = "stolen"\n', encoding="utf-8")
    (tmp_path / "me").mkdir()
    return tmp_path / "me"


def test_a_settings_file_of_another_user_is_ignored_with_one_line(tmp_path, monkeypatch):
    import os

    here = _stranger_settings(tmp_path)
    monkeypatch.setattr(os, "geteuid", lambda: os.stat(tmp_path / "playaid.toml").st_uid + 1)
    result = _main_in(here, "net", "--count", "1")
    assert result.exit_code == 0, result.output
    ignored = [line for line in result.output.splitlines() if "ignored" in line]
    assert len(ignored) == 1 and "belongs to another user" in ignored[0], result.output
    assert not (tmp_path / "stolen").exists() and (here / "output" / "spiral-die-nets.pdf").exists()


def test_a_settings_file_anyone_may_write_is_ignored_and_ones_own_is_used(tmp_path):
    here = _stranger_settings(tmp_path)
    (tmp_path / "playaid.toml").chmod(0o666)
    result = _main_in(here, "net", "--count", "1")
    assert result.exit_code == 0, result.output
    assert "anyone may write to it" in result.output and not (tmp_path / "stolen").exists()
    (tmp_path / "playaid.toml").chmod(0o644)
    result = _main_in(here, "net", "--count", "1")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "stolen" / "spiral-die-nets.pdf").exists()


def test_a_broken_settings_file_above_names_the_way_out_and_help_runs_with_it(tmp_path):
    import os
    import subprocess
    import sys

    (tmp_path / "playaid.toml").write_text("paper = \n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PLAYAID_NO_SETTINGS"}
    done = subprocess.run([sys.executable, "-m", "playaid", "--help"], cwd=tmp_path / "sub", env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "PLAYAID_NO_SETTINGS=1" in done.stderr, done.stderr
    for args in (["--help"], ["--version"], ["net", "--help"]):
        done = subprocess.run([sys.executable, "-m", "playaid", *args], cwd=tmp_path / "sub", timeout=60,
                              env={**env, "PLAYAID_NO_SETTINGS": "1"}, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert "settings from" not in done.stderr and "Error" not in done.stderr


_PLAN = """name: {name}
seed: 7
players_file: names.txt
tables:
  - {{game: dirt, count: 3, tables: 2}}
"""


def _convention(tmp_path, names: str, name: str = "SpielCon 2026"):
    (tmp_path / "names.txt").write_text(names, encoding="utf-8")
    (tmp_path / "plan.yaml").write_text(_PLAN.format(name=name), encoding="utf-8")
    return tmp_path / "plan.yaml"


@pytest.mark.parametrize("name", ['"Con\\e]0;owned\\aX"', '"Con\\x07"', '"Con\\u009b2J"', '"\\u202eCon"'])
def test_a_plan_name_with_a_control_character_is_refused_at_its_line(tmp_path, run, name):
    plan = _convention(tmp_path, "Ann\nBen\nCat\n", name)
    result = run("convention", plan, "--check")
    assert result.exit_code == 1, result.output
    assert f"{plan}:1:" in result.output and "the plan's `name:` holds" in result.output
    assert "\x1b" not in result.output and "\x07" not in result.output


def test_a_plain_plan_name_in_any_script_is_kept(tmp_path, run):
    result = run("convention", _convention(tmp_path, "Ann\nBen\nCat\n", "Σύναξη 2026 · 同人祭"), "--check")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("second", ["Zoe\u0301", "ZOÉ", "Ｚｏé", "Zo\u200bé", "Z\u00adoé", "Zoé\u00a0"])
def test_the_same_player_written_two_ways_is_seated_once(tmp_path, run, second):
    result = run("convention", _convention(tmp_path, f"Zoé\nBen\n{second}\n"), "--check")
    assert result.exit_code == 1, result.output
    assert "names.txt:3:" in result.output and "is already on line 1" in result.output


def test_two_players_whose_names_only_look_alike_are_both_seated(tmp_path, run):
    result = run("convention", _convention(tmp_path, "Zoé\nZoë\nZoe\nAnn Lee\nAnnlee\n"), "--check")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("bad, said", [("\u200b\u200b", "has no letter"), ("\u202e", "turns the text after it around"),
                                       ("\u202enaM", "turns the text after it around"), ("--", "has no letter"),
                                       ("Ann\u0085Ben", "U+0085"), ("Ann\u2028Ben", "U+2028"),
                                       ("Ann\x1b[2J", "U+001B")])
def test_a_name_without_a_letter_or_with_a_control_is_refused_on_its_own_line(tmp_path, run, bad, said):
    result = run("convention", _convention(tmp_path, f"Ann\nBen\n{bad}\nCat\n"), "--check")
    assert result.exit_code == 1, result.output
    assert "names.txt:3:" in result.output and said in result.output, result.output
    assert "names.txt:4:" not in result.output  # one line of the file is one line, not two players


def test_inline_players_of_a_plan_are_compared_the_same_way(tmp_path, run):
    plan = tmp_path / "plan.yaml"
    plan.write_text(_PLAN.format(name="Con").replace("players_file: names.txt", "players: [Ann, Ben, 'Ａｎｎ']"),
                    encoding="utf-8")
    result = run("convention", plan, "--check")
    assert result.exit_code == 1 and "`Ａｎｎ` is listed twice" in result.output, result.output


def test_a_players_file_too_long_for_the_table_names_the_option_and_lists_no_line(tmp_path, run):
    secret = ["root:x:0:0:root", "daemon:x:1:1", "bin:x:2:2", "sys:x:3:3", "sync:x:4:65534", "games:x:5:60"]
    (tmp_path / "passwd").write_text("\n".join(secret) + "\n", encoding="utf-8")
    result = run("pregen", "dirt", "--count", "3", "--players-file", tmp_path / "passwd", "--out", tmp_path / "o")
    assert result.exit_code == 1, result.output
    assert "--players-file" in result.output and "names 6" in result.output
    assert "--players names" not in result.output and not any(line in result.output for line in secret)


def test_the_wrote_line_escapes_an_out_folder_with_escape_sequences(tmp_path, run):
    out = tmp_path / "a\x1b]0;owned\x07b"
    result = run("sheet", "--blank", "dirt", "--out", out)
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "a\\x1b]0;owned\\x07b" in result.output and (out / "blank-dirt.pdf").exists()


@pytest.mark.parametrize("body, line, column", [
    ('system: dirt\n# é😀\nname: "Mo\x1bss"\n', 3, 10),   # libyaml counts bytes: é and 😀 are 6 of them
    ("system: dirt\nname: Mo\x07ss\n", 2, 9),
    ("\ufeffsystem: dirt\nname: [Moss, \x1b]\n", 2, 14),
])
def test_a_control_character_is_reported_at_its_line_and_column(tmp_path, run, body, line, column):
    path = tmp_path / "moss.yaml"
    path.write_text(body, encoding="utf-8")
    result = run("validate", path)
    assert result.exit_code == 1, result.output
    assert f"moss.yaml:{line}:{column}: error [input.control-character]" in result.output, result.output
    assert "<unicode string>" not in result.output and "\\n" not in result.output


@pytest.mark.parametrize("name, data, command, where", [
    ("moss.yaml", b"system: dirt\nname: Zo\xc3\xab\xffss\n", "validate", "moss.yaml:2:10:"),
    ("deck.csv", b"name\nAnn\nZo\xffe\n", "deck", "deck.csv:3:3:"),
    ("names.txt", b"Ann\nBen\nZo\xffe\n", "pregen", "names.txt:3:3:"),
])
def test_a_byte_that_is_not_utf8_is_reported_at_its_line_and_column(tmp_path, run, name, data, command, where):
    path = tmp_path / name
    path.write_bytes(data)
    args = {"validate": [path], "deck": [path, "--out", tmp_path / "o"],
            "pregen": ["dirt", "--count", "3", "--players-file", path, "--out", tmp_path / "o"]}[command]
    result = run(command, *args)
    assert result.exit_code == 1, result.output
    assert where in result.output and "the byte 0xFF is not UTF-8" in result.output and "offset" not in result.output


def test_a_settings_file_with_a_bad_byte_names_its_line(tmp_path):
    from playaid import defaults

    (tmp_path / "playaid.toml").write_bytes(b'paper = "a4"\nout = "x\xff"\n')
    with pytest.raises(defaults.SettingsError) as caught:
        defaults.load(tmp_path / "playaid.toml", ["sheet"])
    assert "playaid.toml:2:9: the file is not UTF-8 text" in str(caught.value)


def test_watch_says_a_pipe_in_place_of_its_file_once_and_is_not_stopped_by_it(tmp_path, capsys):
    import os
    import threading

    from playaid.commands.watch import Watched

    pytest.importorskip("watchfiles")
    fifo = tmp_path / "moss.yaml"
    os.mkfifo(fifo)
    watched = Watched((str(fifo),))
    answers = []
    thread = threading.Thread(target=lambda: answers.extend([watched.changed(fifo.resolve()),
                                                             watched.changed(fifo.resolve())]), daemon=True)
    thread.start()
    thread.join(10)
    if thread.is_alive():  # before: blocked reading the pipe, and the watch with it
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        raise AssertionError("the watch waited on a pipe")
    assert answers == [False, False]
    said = capsys.readouterr().err
    assert said.count("not a file (a pipe, device or socket)") == 1
    fifo.unlink()
    fifo.write_text("system: dirt\nname: Moss\n", encoding="utf-8")
    assert watched.changed(fifo.resolve())


def test_watch_reads_a_huge_file_only_as_far_as_a_file_may_be_long(tmp_path):
    import os
    import tracemalloc

    from playaid.commands.watch import Watched

    pytest.importorskip("watchfiles")
    big = tmp_path / "big.yaml"
    with open(big, "wb") as fh:
        fh.truncate(200 * 1024 * 1024)  # sparse: no disk used
    watched = Watched((str(big),))
    tracemalloc.start()
    try:
        assert watched.changed(big.resolve())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * 1024 * 1024, peak  # before: the whole 200 MB
    assert not watched.changed(big.resolve())
    os.utime(big, ns=(1, 10**18))  # saved again, same size: still seen as a change
    assert watched.changed(big.resolve())


def test_watch_keeps_only_the_sheet_of_a_characters_latest_name(tmp_path):
    from playaid.commands.watch import Watched, render_recorded

    pytest.importorskip("watchfiles")
    moss = tmp_path / "moss.yaml"
    text = (EXAMPLES["dirt"] / "moss.yaml").read_text(encoding="utf-8")
    name = next(line for line in text.splitlines() if line.startswith("name:"))
    watched, out = Watched((str(moss),)), tmp_path / "out"
    made = []
    for new in ("Rowan Ash", "Rowan Birch", "Rowan Cedar"):  # quick saves, each under a new name
        moss.write_text(text.replace(name, f"name: {new}"), encoding="utf-8")
        said, written = render_recorded(str(moss), str(out), "a4", False)
        assert [w.rsplit("/", 1)[-1] for w in written] == [f"{new.lower().replace(' ', '-')}.pdf"], said
        made.append(watched.rendered(moss.resolve(), written))
    # each earlier sheet went, removed by the watch or already by the output folder's manifest
    assert all(m in ([], [str(out / "rowan-ash.pdf")], [str(out / "rowan-birch.pdf")]) for m in made), made
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == ["rowan-cedar.pdf"]  # before: all three stayed
    moss.write_text("system: dirt\nname: [\n", encoding="utf-8")  # a broken save keeps the last sheet
    said, written = render_recorded(str(moss), str(out), "a4", False)
    assert written == [] and watched.rendered(moss.resolve(), written) == []
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == ["rowan-cedar.pdf"]


@pytest.mark.parametrize("players", ["Ann,\u200b,Cat", "Ann,Ben\x1b[2J,Cat", "Ann,\u202eneB,Cat"])
def test_players_typed_on_the_command_line_are_checked_as_a_players_file_is(run, tmp_path, players):
    result = run("pregen", "dirt", "--count", "3", "--players", players, "--out", tmp_path / "o")
    assert result.exit_code == 2, result.output
    assert "\x1b" not in result.output and not (tmp_path / "o").exists()


def test_the_same_player_typed_twice_in_two_forms_is_refused(run, tmp_path):
    result = run("pregen", "dirt", "--count", "3", "--players", "Ann,Ｂｅｎ,Ben", "--out", tmp_path / "o")
    assert result.exit_code == 1 and "more than once" in result.output, result.output
