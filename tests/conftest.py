"""Shared test helpers: write YAML into a temporary folder, load it, run the CLI."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import textwrap
from pathlib import Path

os.environ["PLAYAID_NO_PLUGINS"] = "1"  # installed add-on games must not change what the suite covers
# the cache of game-level pages: one of the suite's own, never the user's, gone when it ends
import atexit  # noqa: E402
import tempfile  # noqa: E402

os.environ["PLAYAID_CACHE"] = tempfile.mkdtemp(prefix="playaid-test-pages-")
atexit.register(shutil.rmtree, os.environ["PLAYAID_CACHE"], True)

import pytest
from click.testing import CliRunner

from playaid.cli import cli
from playaid.documents import Library
from playaid.problems import Problem
from playaid.systems import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
TOY_PROJECT = ROOT / "tests" / "toy_game"
"""The toy add-on game's project (its pyproject.toml); its package `toy_game` is importable
in the suite, registered by hand where a test needs it in-process."""
sys.path.insert(0, str(TOY_PROJECT))


class ExampleFolders(dict):
    """Each game's bundled examples folder by game id (`EXAMPLES["dirt"] / "moss.yaml"`), read
    from the registry: a built-in's is `examples/` in its game folder. `EXAMPLES / "dirt/moss.yaml"`
    names one file as `playaid examples` copies it."""

    def __truediv__(self, relative: str) -> Path:
        game, _, name = str(relative).partition("/")
        return self[game] / name

    def rglob(self, pattern: str) -> list[Path]:
        """Every game's files matching `pattern`, in the order of the games' ids."""
        return [p for game in sorted(self) for p in sorted(self[game].rglob(pattern)) if "__pycache__" not in p.parts]

    def relative(self, path: Path) -> str:
        """`game/name` of a bundled example file."""
        for game, folder in self.items():
            if path.is_relative_to(folder):
                return f"{game}/{path.relative_to(folder).as_posix()}"
        raise ValueError(f"{path} is no bundled example")


EXAMPLES = ExampleFolders({g: Path(REGISTRY[g].examples) for g in REGISTRY if REGISTRY[g].examples})
SHARED_EXAMPLES = ROOT.parent / "shared" / "examples"
INVALID = ROOT / "tests" / "invalid"
"""Files that break one rule each on purpose: fixtures, so they stay out of the package."""


TRANSCRIPT: list[tuple[str, str]] = []
"""Every CLI result of the suite worth reading as a user would (the lines that speak of an
error, and any exception that escaped): `_no_bare_messages` reads what each test added."""
BARE = re.compile(r"Traceback|is not a valid (integer|float|boolean)|is not in the range|<=x|x>=|x<=")
"""A Python traceback, or click's bare default wording for a type error (`'x' is not a valid
integer`, `is not in the range 1<=x<=60`): no message may be one; each says what to type instead."""
_invoke = CliRunner.invoke


def _recorded(self, *args, **kwargs):
    result = _invoke(self, *args, **kwargs)
    test = os.environ.get("PYTEST_CURRENT_TEST", "")
    TRANSCRIPT.extend((test, line) for line in result.output.splitlines()
                      if "rror" in line or "Traceback" in line or "valid" in line or "range" in line)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        TRANSCRIPT.append((test, f"Traceback: {type(result.exception).__name__}: {result.exception}"))
    return result


CliRunner.invoke = _recorded


GAME_IDS = list(REGISTRY)
"""Every registered game: tests that cover "every game" take their ids from here, so a new
game is covered, or fails loudly where a test needs data of its own for it."""


def contract_example(relative: str) -> Path:
    """A contract example file: the shared folder's when a clone has it beside it, else our
    bundled copy (test_loading checks the two are identical), so the suite runs anywhere."""
    shared = SHARED_EXAMPLES / relative
    return shared if shared.exists() else EXAMPLES / relative


class Files:
    """A temporary folder to write input files into and load them from."""

    def __init__(self, root: Path):
        self.root = root

    def write(self, name: str, text: str) -> Path:
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    def copy_example(self, game: str, name: str) -> Path:
        return self.write(f"{game}/{name}", (EXAMPLES[game] / name).read_text(encoding="utf-8"))

    def problems(self, name: str, text: str | None = None) -> list[Problem]:
        """Every problem of file `name` (written first if `text` is given) and what it names."""
        path = self.write(name, text) if text is not None else self.root / name
        library = Library()
        library.load(path)
        return library.problems()


@pytest.fixture
def files(tmp_path: Path) -> Files:
    return Files(tmp_path)


@pytest.fixture
def run():
    """Run the CLI in-process: `run("validate", path)` → click's Result (the test kit's, which
    an add-on's tests use too)."""
    from playaid.testing import run as run_cli

    return run_cli


def roll_json(run, path, *args) -> dict:
    """`playaid roll PATH --json ARGS`, which must succeed, as data."""
    result = run("roll", path, "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def rules(problems: list[Problem], severity: str | None = None) -> set[str]:
    """The rule ids among `problems` (of one severity, if given)."""
    return {p.rule for p in problems if severity is None or p.severity == severity}


@pytest.fixture(scope="session")
def demo_folder(tmp_path_factory):
    """`demo_folder(paper)`: the folder `playaid demo --paper PAPER` wrote, made once a session
    (a demo takes minutes: every test that reads one shares it, and none may change it).
    `demo_folder.printed[paper]` is what that run printed."""
    made: dict[str, Path] = {}
    printed: dict[str, str] = {}

    def make(paper: str) -> Path:
        if paper not in made:
            out = tmp_path_factory.mktemp(f"demo-{paper}")
            result = CliRunner().invoke(cli, ["demo", "--out", str(out), "--paper", paper])
            assert result.exit_code == 0, result.output
            made[paper], printed[paper] = out, result.output
        return made[paper]

    make.printed = printed
    return make


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
"""Debian's Chromium, which the Makefile installs; the studio's browser tests drive it."""


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium driven by Playwright: Debian's own browser, never a downloaded one."""
    if CHROMIUM is None:
        pytest.skip("needs Debian's chromium: apt-get install chromium (make test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        opened = chromium.new_context

        def new_context(*args, **kwargs):
            # every page of every context reports its console errors to the test that made it
            context = opened(*args, **kwargs)
            context.on("console", lambda m: CONSOLE_ERRORS.append(m.text) if m.type == "error"
                       and not m.text.startswith(EXPECTED_CONSOLE) else None)
            context.on("weberror", lambda e: CONSOLE_ERRORS.append(str(e.error)))
            return context

        chromium.new_context = new_context
        chromium.new_page = lambda *a, **k: new_context(*a, **k).new_page()
        yield chromium
        chromium.close()


CONSOLE_ERRORS: list[str] = []
"""What the studio's pages wrote to the browser console as errors (a CSP refusal, a script
error) during the running test: any of them fails it (`_no_console_errors`)."""
EXPECTED_CONSOLE = ("htmx:sendAbort", "htmx:afterRequest")
"""htmx reports a request it aborted for a newer one (hx-sync: latest wins) as an error; that is
the design working, not a fault of the page."""


SLOW_MODULES = {"test_wheel", "test_seventh_game"} | {
    # each renders PDFs or pages by the dozen, or runs a fuzzer or a 1,000-seed agreement: about
    # three quarters of the suite's time outside the browser and the demos (measured with
    # --durations=0), so the inner loop leaves them to `make test`
    "test_pregen_tables", "test_studio_print", "test_reprint", "test_reference_pages", "test_sheet_print",
    "test_rules_round5", "test_validate_fuzz", "test_studio_security_round5", "test_convention",
    "test_sheet_forms", "test_packet", "test_odds_handout_chart", "test_studio_fuzz", "test_sheets",
    "test_template_costs", "test_packet_cover_story", "test_add_on_install", "test_packet_workers",
    "test_packet_print", "test_packet_names", "test_studio_safety", "test_second_evening", "test_campaign_evening"}
"""Modules that build and install a wheel, run a whole demo of their own, or render in bulk:
`make test` runs them, `make test-fast` leaves them out."""


def _shares_a_module_fixture(item) -> bool:
    """Whether the test uses a fixture made once per module (a browser, a studio, a render)."""
    info = getattr(item, "_fixtureinfo", None)
    return info is not None and any(d.scope == "module" for defs in info.name2fixturedefs.values() for d in defs)


def pytest_collection_modifyitems(config, items):
    """Mark each test by what makes it slow, from what it uses: `browser` (a real Chromium),
    `demo` (a whole `playaid demo`), `slow` (a wheel built and installed); `make test-fast`
    deselects all three (`-m "not browser and not demo and not slow"`)."""
    for item in items:
        used = getattr(item, "fixturenames", ())
        module = item.module.__name__.rsplit(".", 1)[-1]
        if "browser" in used:
            item.add_marker(pytest.mark.browser)
        if "demo_folder" in used:
            item.add_marker(pytest.mark.demo)
            # one worker makes each paper's demo and runs every test that reads it (--dist loadgroup);
            # the two papers' groups go to two workers
            spec = getattr(item, "callspec", None)
            paper = "letter" if spec is not None and "letter" in spec.id else "a4"
            item.add_marker(pytest.mark.xdist_group(f"demo-{paper}"))
        elif _shares_a_module_fixture(item):
            # split over two workers, a module's shared browser, studio or render would be made
            # on each: its tests go to one worker together (--dist loadgroup)
            item.add_marker(pytest.mark.xdist_group(module))
        if module in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)
    # xdist hands out work in this order (see pytest_configure): the demos first, one to each
    # worker, then the modules that are slow or drive the browser, whole, so the many short
    # tests at the end keep both workers busy until the last one; a long test left for last
    # would run alone
    long = {item.module for item in items if item.get_closest_marker("slow") or item.get_closest_marker("browser")}
    items.sort(key=lambda item: (item.get_closest_marker("demo") is None, item.module not in long))


def pytest_configure(config):
    if hasattr(config.option, "loadscopereorder"):
        # xdist would hand out the groups largest first by number of tests, not by time:
        # the order pytest_collection_modifyitems chose is kept instead
        config.option.loadscopereorder = False


@pytest.fixture(autouse=True)
def _no_console_errors(request):
    """A test that drives the browser fails on any console error of its pages."""
    if "browser" not in request.fixturenames:
        yield
        return
    CONSOLE_ERRORS.clear()
    yield
    errors, CONSOLE_ERRORS[:] = list(CONSOLE_ERRORS), []
    assert not errors, f"console errors in the browser: {errors}"


@pytest.fixture(autouse=True)
def _no_bare_messages():
    """Every message a test's command lines printed is read as a user would: none may be a
    traceback or click's bare type wording. Checked per test, so each worker of a parallel run
    (`make test` runs two) checks what its own tests printed and the test that printed it fails."""
    start = len(TRANSCRIPT)
    yield
    bad = [line for _, line in TRANSCRIPT[start:] if BARE.search(line)]
    del TRANSCRIPT[start:]
    assert not bad, "a message a user would read is a traceback or click's bare wording:\n" + "\n".join(bad[:20])
