# Two commands do all the set-up on a fresh machine:
#   make demo   build everything playaid can make from the bundled examples into output/
#   make test   run the whole test suite
# Both create the virtual environment and install what is missing, system libraries included.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# Debian packages: Pango for WeasyPrint's text layout, the HarfBuzz subsetter for fast,
# reproducible font subsetting; qpdf and poppler-utils (pdffonts, pdftoppm) for the tests
# that check every PDF the way a printer's pre-flight would.
SYSTEM_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 qpdf poppler-utils

.PHONY: demo test bench system-packages clean

# demo installs the test extras too, so the README's `.venv/bin/python -m pytest tests/…`
# works after `make demo` as after `make test`, in either order.
demo: $(VENV)/.installed-test system-packages
	$(BIN)/playaid demo

test: $(VENV)/.installed-test system-packages
	$(BIN)/python -m pytest

# Speed figures quoted in the README; icepool comes in only here, to be measured against.
bench: $(VENV)/.installed-test system-packages
	$(BIN)/python -m pip install -q -e ".[test,bench]"
	@for f in benchmarks/*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

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
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e ".[test]"
	@touch $@

clean:
	rm -rf $(VENV) output/* .pytest_cache
