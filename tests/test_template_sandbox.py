"""A user's `--template-dir` is untrusted: it may format, never run code or read other files."""

from __future__ import annotations

import os

import pytest

from playaid.render.html import TemplateProblem, Templates
from tests.conftest import EXAMPLES


def _mine(tmp_path, **files: str):
    root = tmp_path / "mine"
    for name, text in files.items():
        path = root / name.replace("__", "/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_a_template_cannot_reach_python_internals(tmp_path):
    mine = _mine(tmp_path, **{"shared__x.html": "{{ cycler.__init__.__globals__.os.popen('echo pwned').read() }}"})
    with pytest.raises(TemplateProblem, match="not allowed"):
        Templates(mine).render("shared/x.html")


def test_a_plain_user_template_still_renders(tmp_path):
    mine = _mine(tmp_path, **{"shared__x.html": "{% for i in range(2) %}{{ i }}{{ cycler('a').next() }}{% endfor %}"})
    assert Templates(mine).render("shared/x.html") == "0a1a"


@pytest.mark.parametrize("include", ["../../secret.txt", "../secret.txt", "{secret}"])
def test_includes_outside_the_template_folders_are_refused(tmp_path, include):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET")
    mine = _mine(tmp_path, **{"shared__x.html": '{% include "' + include.format(secret=secret) + '" %}'})
    with pytest.raises(TemplateProblem, match="outside the template folders") as caught:
        Templates(mine).render("shared/x.html")
    assert "TOP SECRET" not in str(caught.value)


def test_a_symlink_out_of_the_template_folder_is_refused_and_one_inside_kept(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET")
    mine = _mine(tmp_path, **{"shared__inner.html": "inner"})
    os.symlink(secret, mine / "shared" / "x.html")
    os.symlink(mine / "shared" / "inner.html", mine / "shared" / "alias.html")
    templates = Templates(mine)
    assert templates.render("shared/alias.html") == "inner"
    with pytest.raises(TemplateProblem, match="outside the template folders"):
        templates.render("shared/x.html")


def test_a_hostile_template_is_a_clear_error_from_the_cli(tmp_path, tmp_path_factory):
    from click.testing import CliRunner

    from playaid.cli import cli

    mine = _mine(tmp_path, **{"sheets__dirt.html": "{{ cycler.__init__.__globals__.os.popen('id').read() }}"})
    result = CliRunner().invoke(cli, ["sheet", str(EXAMPLES["dirt"] / "moss.yaml"), "--template-dir", str(mine),
                                      "--out", str(tmp_path / "out")])
    assert result.exit_code == 1, result.output
    assert "not allowed" in result.output and "Traceback" not in result.output
    assert "uid=" not in result.output
    assert not (tmp_path / "out").exists()
