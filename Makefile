# Two commands do all the set-up on a fresh machine:
#   make demo   build everything playaid can make from the bundled examples into output/
#   make test   run the whole test suite
#   make docs   build the documentation site from docs/ into output/site/ (offline)
# Both create the virtual environment and install what is missing, system libraries included.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# Debian packages: Pango for WeasyPrint's text layout, the HarfBuzz subsetter for fast,
# reproducible font subsetting; qpdf and poppler-utils (pdffonts, pdftoppm) for the tests
# that check every PDF the way a printer's pre-flight would; chromium for the studio's
# real-browser tests (Playwright drives Debian's build: no browser is ever downloaded);
# the fonts for names the bundled ones lack: Noto Sans Arabic and Hebrew (fonts-noto-core)
# and WenQuanYi Micro Hei for Hangul (1.6 MB, TrueType outlines so the maps can embed it,
# which Noto Sans CJK's CFF outlines are not), kept out of the wheel (playaid/render/script_fonts.py).
SYSTEM_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 qpdf poppler-utils chromium \
	fonts-noto-core fonts-wqy-microhei

# constraints.txt pins every package to the version the suite last passed with, so a fresh
# machine tests what we tested; pyproject.toml keeps lower bounds for people installing the
# package. `make lock` refreshes the pins on purpose; `make test-newest` runs the suite on
# whatever pip resolves today, to learn about a new release before it reaches the lock.
LOCK := constraints.txt

.PHONY: icc-profile demo test test-fast test-newest lock bench screenshot docs catalogs system-packages clean

# demo installs the test extras too, so the README's `.venv/bin/python -m pytest tests/…`
# works after `make demo` as after `make test`, in either order.
demo: $(VENV)/.installed-test system-packages
	$(BIN)/playaid demo

# The suite runs on every core (pytest-xdist); the tests that read a whole demo share one
# worker, so each paper's demo is made once (--dist loadgroup), and so do the tests of a module
# that share a module-scoped fixture; tests/conftest.py orders the work so the long parts start
# first (docs/test-suite.md). JOBS=0 runs it in one process.
JOBS ?= auto

test: $(VENV)/.installed-test system-packages
	$(BIN)/python -m pytest -n $(JOBS) --dist loadgroup

# A developer's inner loop: everything but the real browser, the whole demos and the wheel.
test-fast: $(VENV)/.installed-test system-packages
	$(BIN)/python -m pytest -n $(JOBS) --dist loadgroup -m "not browser and not demo and not slow"

# Speed figures quoted in the README and docs/speed.md; icepool comes in only here, to be measured against.
# Each benchmark prints the machine and the load around its figures (benchmarks/report.py,
# a module, not a benchmark); the `goal` lines are gathered at the end with PASS or FAIL.
# Output is teed, so a failing benchmark is found by its marker line: sh has no pipefail.
BENCH_LOG := output/bench.txt

bench: $(VENV)/.installed-test system-packages
	$(BIN)/python -m pip install -q -c $(LOCK) -e ".[test,bench]"
	@mkdir -p output; : > $(BENCH_LOG)
	@for f in benchmarks/*.py; do \
	  [ $$f = benchmarks/report.py ] && continue; \
	  echo "== $$f" | tee -a $(BENCH_LOG); \
	  { $(BIN)/python $$f 2>&1 || echo "bench: $$f failed"; } | tee -a $(BENCH_LOG); \
	done
	@echo "== issue 41's goals (all figures in $(BENCH_LOG))"
	@grep '^goal' $(BENCH_LOG) | sort -s -k2,2n
	@echo "goal 5 make test ≤ 6 min: not run by make bench (time it with: time make test) NOT MEASURED"
	@! grep '^bench: .* failed' $(BENCH_LOG)

# The documentation site, docs/ → output/site/ (open output/site/index.html; no server needed).
# mkdocs.yml makes the build strict: a broken link or anchor fails it. The command pages read
# each command's --help at build time, so the package (and its libraries) must be installed.
docs: $(VENV)/.installed-test system-packages
	$(BIN)/mkdocs build

# The printed pages' messages re-extracted (babel.cfg) and merged into every language's
# catalog; then translate what arrived (docs/languages.md). tests/test_catalogs.py checks.
catalogs: $(VENV)/.installed-test
	$(BIN)/python tools/catalogs.py

# The picture of the studio on the README and the docs' home page, taken by the same real
# browser the tests drive.
screenshot: $(VENV)/.installed-test system-packages
	$(BIN)/python tools/studio_screenshot.py docs/studio.png

system-packages:
	@missing=""; \
	if command -v dpkg-query >/dev/null 2>&1; then \
	  for p in $(SYSTEM_PACKAGES); do \
	    dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	  done; \
	  if [ -n "$$missing" ]; then \
	    echo "installing system packages:$$missing"; \
	    if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
	    $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	  fi; \
	else \
	  echo "note: not a Debian-like system; make sure these libraries are installed: $(SYSTEM_PACKAGES)"; \
	fi

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "playaid needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -c $(LOCK) --upgrade pip

$(VENV)/.installed-test: pyproject.toml $(LOCK) | $(BIN)/python
	$(BIN)/python -m pip install -q -c $(LOCK) -e ".[test]"
	@touch $@

# A throwaway environment with no pins: every extra at the newest release pip finds.
lock:
	rm -rf .venv-lock
	$(PYTHON) -m venv .venv-lock
	.venv-lock/bin/python -m pip install -q --upgrade pip
	.venv-lock/bin/python -m pip install -q ".[test,bench]"
	@{ echo "# The exact versions \`make test\` and \`make demo\` install (pip constraints)."; \
	   echo "# Made by \`make lock\` on Python $$(.venv-lock/bin/python -c 'import platform; print(platform.python_version())'); edit pyproject.toml, not this file."; \
	   .venv-lock/bin/python -m pip freeze --all | grep -v -i '^playaid[ =@]'; } > $(LOCK).new
	mv $(LOCK).new $(LOCK)
	rm -rf .venv-lock

test-newest: system-packages
	rm -rf .venv-newest
	$(PYTHON) -m venv .venv-newest
	.venv-newest/bin/python -m pip install -q --upgrade pip
	.venv-newest/bin/python -m pip install -q -e ".[test]"
	.venv-newest/bin/python -m pytest

clean:
	rm -rf $(VENV) .venv-lock .venv-newest output/* .pytest_cache

# The CMYK profile the DriveThruCards files embed (playaid/assets/icc/README.md says why this
# one): remade from the zlib-licensed FOGRA39 measurements with ArgyllCMS, ink limited to 238 %.
# Not part of the build: the profile is committed; this only shows, and repeats, how it was made.
ICC_DIR := playaid/assets/icc
icc-profile:
	@command -v colprof >/dev/null || apt-get install -y argyll
	@test -f /usr/share/color/icc/FOGRA39L.ti3 || apt-get install -y icc-profiles-free
	tmp=$$(mktemp -d) && cp /usr/share/color/icc/FOGRA39L.ti3 $$tmp/ && \
	  (cd $$tmp && colprof -ql -kr -l238 -L100 -D "FOGRA39L coated, total ink 238% (playaid)" \
	    -C "Made with ArgyllCMS colprof from FOGRA39L.ti3 (Kai-Uwe Behrmann, zlib licence)" FOGRA39L) && \
	  cp $$tmp/FOGRA39L.icc $(ICC_DIR)/FOGRA39L-238.icc && rm -r $$tmp
