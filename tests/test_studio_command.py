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


def _nodelay_of_a_connection(sock: socket.socket) -> int:
    """TCP_NODELAY of a connection accepted on `sock` by asyncio, as uvicorn accepts them."""
    async def serve() -> int:
        seen: asyncio.Future = asyncio.get_running_loop().create_future()

        class Seen(asyncio.Protocol):
            def connection_made(self, transport):
                seen.set_result(transport.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
                transport.close()

        server = await asyncio.get_running_loop().create_server(Seen, sock=sock)
        _, writer = await asyncio.open_connection(*sock.getsockname()[:2])
        try:
            return await asyncio.wait_for(seen, 5)
        finally:
            writer.close()
            server.close()

    return asyncio.run(serve())


def test_every_connection_to_the_studio_sends_its_answers_at_once():
    # an answer written in two parts (head, then body) otherwise waits ~40 ms for the browser's
    # delayed acknowledgement, on every request: asyncio turns Nagle off only for a socket made as TCP
    from playaid.commands.studio import listen

    assert _nodelay_of_a_connection(listen("127.0.0.1", 0))
    plain = socket.socket()  # what the studio made before: protocol 0, so asyncio left Nagle on
    plain.bind(("127.0.0.1", 0))
    plain.listen(1)
    assert not _nodelay_of_a_connection(plain)


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
