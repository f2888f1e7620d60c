"""`playaid studio` on the command line, and which file changes reach which page."""

from __future__ import annotations

import asyncio
import socket

from conftest import ROOT
from playaid.studio.events import Broker, interesting


def test_a_missing_folder_is_a_clear_error(run, tmp_path):
    result = run("studio", str(tmp_path / "nowhere"), "--no-browser")
    assert result.exit_code == 1 and "no such folder" in result.output


def test_a_port_in_use_is_a_clear_error_not_a_silent_exit(run, tmp_path):
    # taken on every address, as most servers listen: the studio's own loopback address too
    taken = socket.socket()
    taken.bind(("0.0.0.0", 0))
    taken.listen(1)
    try:
        result = run("studio", str(tmp_path), "--no-browser", "--port", str(taken.getsockname()[1]))
    finally:
        taken.close()
    assert result.exit_code == 1 and "cannot listen on 127." in result.output and "--port" in result.output


def test_a_port_in_use_on_the_host_given_is_a_clear_error(run, tmp_path):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        result = run("studio", str(tmp_path), "--no-browser", "--host", "127.0.0.1",
                     "--port", str(taken.getsockname()[1]))
    finally:
        taken.close()
    assert result.exit_code == 1 and "cannot listen on 127.0.0.1:" in result.output and "--port" in result.output


def test_a_malformed_port_is_a_usage_error(run, tmp_path):
    assert run("studio", str(tmp_path), "--port", "70000").exit_code == 2


def test_only_input_files_outside_output_and_dotfiles_are_news(tmp_path):
    assert interesting(tmp_path, tmp_path / "dirt" / "moss.yaml") == "dirt/moss.yaml"
    for path in ("output/moss.yaml", "dirt/.moss.draft-1.yaml", ".git/x.yaml", "dirt/moss.pdf"):
        assert interesting(tmp_path, tmp_path / path) is None
    assert interesting(tmp_path, ROOT / "README.md") is None


def test_an_editor_hears_only_of_its_own_file_changed_elsewhere():
    async def main():
        broker = Broker()
        folder_page, editor = asyncio.Queue(), asyncio.Queue()
        broker.listeners |= {(None, folder_page), ("a.yaml", editor)}
        broker.publish("file-changed", "b.yaml")
        broker.publish("file-saved", "a.yaml")  # our own save: the editor already shows it
        broker.publish("file-changed", "a.yaml")
        return folder_page.qsize(), [editor.get_nowait() for _ in range(editor.qsize())]

    heard_by_folder, heard_by_editor = asyncio.run(main())
    assert heard_by_folder == 3 and heard_by_editor == ["a.yaml"]
