# The two commands of the README: `make demo` and `make test`. Both install everything they need.
VENV ?= .venv
PY := $(VENV)/bin/python
NW := $(VENV)/bin/navwright

.PHONY: demo test install system lint bench-distill bench-model bench-miniwob

demo: install
	$(NW) models pull
	$(NW) demo

test: install
	$(NW) models pull
	$(VENV)/bin/ruff check src tests
	$(VENV)/bin/mypy
	$(VENV)/bin/pytest -q

install: system $(VENV)/.installed

system:
	@bash scripts/install-system.sh

$(VENV)/.installed: pyproject.toml scripts/install-llama.sh
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	bash scripts/install-llama.sh $(PY)
	$(PY) -m pip install -q -e '.[dev,bench]'
	$(PY) -m pip install -q --no-deps miniwob==1.1.0
	touch $@

lint: install
	$(VENV)/bin/ruff check src tests
	$(VENV)/bin/mypy

bench-distill: install
	$(NW) bench distill --pages ../shared/pages

bench-model: install
	$(NW) bench model

bench-miniwob: install
	$(NW) bench miniwob --tasks webwise48 --episodes 3
