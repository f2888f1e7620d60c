"""The lock file: what `make test` installs satisfies what pyproject.toml asks for."""

from __future__ import annotations

import re
import tomllib

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from conftest import ROOT

LOCK = ROOT / "constraints.txt"


def _pins() -> dict[str, Version]:
    pins = {}
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, version = line.partition("==")
        assert sep, f"{line!r} in constraints.txt is not an exact pin (name==version)"
        pins[canonicalize_name(name)] = Version(version)
    return pins


def _requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        wanted += extra
    return [Requirement(text) for text in wanted]


def test_every_requirement_is_pinned_within_its_bounds():
    pins = _pins()
    for requirement in _requirements():
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement.name} is in pyproject.toml but not in constraints.txt: run `make lock`"
        assert requirement.specifier.contains(pins[name], prereleases=True), (
            f"constraints.txt pins {requirement.name}=={pins[name]}, outside pyproject.toml's "
            f"{requirement.specifier}: run `make lock`")


def test_a_broken_pin_is_caught():
    # the check above must be able to fail: a pin below a lower bound is outside it
    requirement = Requirement("PyYAML>=6.0")
    assert not requirement.specifier.contains(Version("5.4.1"))


def test_the_makefile_installs_through_the_lock():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    installs = re.findall(r"^\t\$\(BIN\)/python -m pip install .*$", makefile, re.M)
    assert installs and all("-c $(LOCK)" in line for line in installs), installs
    assert re.search(r"^LOCK := constraints\.txt$", makefile, re.M)
