"""An add-on game's events: found in its own `events.py` by convention and run by `playaid
event` through the registry, with no word of shared code naming the game."""

from __future__ import annotations

from dataclasses import replace

import pytest
import yaml

from playaid.systems import REGISTRY

from toy_game import HERE, ID, SYSTEM


@pytest.fixture
def toy():
    REGISTRY.add(replace(SYSTEM, package="toy_game"), "the test")
    yield REGISTRY[ID]
    REGISTRY.remove(ID)


def test_an_add_ons_event_is_found_listed_and_applied_like_a_roll(toy, files, run, monkeypatch):
    assert toy.events == "toy_game.events"
    files.write("pip.yaml", (HERE / "examples" / "pip.yaml").read_text(encoding="utf-8"))
    monkeypatch.chdir(files.root)
    assert "e.g. playaid event toy train pip.yaml" in run("event", "--help").output
    said = run("event", ID, "train", "pip.yaml", "--apply", "--out", files.root / "b")
    scene = files.write("train.yaml", "system: toy\nkind: scene\ntype: train\ncharacter: pip.yaml\n")
    rolled = run("roll", scene, "--apply", "--out", files.root / "a")
    assert said.exit_code == rolled.exit_code == 0, said.output
    assert (files.root / "a" / "pip.yaml").read_bytes() == (files.root / "b" / "pip.yaml").read_bytes()
    assert yaml.safe_load((files.root / "b" / "pip.yaml").read_text(encoding="utf-8"))["number"] == 5


def test_an_add_ons_event_keeps_its_rule(toy, files, run, monkeypatch):
    files.write("top.yaml", "system: toy\nname: Top\nnumber: 5\n")
    monkeypatch.chdir(files.root)
    result = run("event", ID, "train", "top.yaml")
    assert result.exit_code == 1 and "error [toy.train] WHO: the number is 5 already" in result.output
    assert "names no setup" in run("event", ID, "train", "top.yaml", "--setup", "x.yaml").output
