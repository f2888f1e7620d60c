"""`playaid studio`: a local page where a GM makes, checks, previews and prints files, live.

The app is a library first: `create_app(folder, token=…)` returns an ASGI app that tests
call in-process and `playaid studio` serves on a loopback address of its own (see `app`,
`security`, `commands/studio.py`).
"""

from .app import create_app

__all__ = ["create_app"]
