# One-command entry points. `make test` and `make demo` work on a fresh machine: they create the
# virtual environment and install what is needed first (PyPI, npm, and Chromium from apt).
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
LINT_STAMP := tools/cypherlint/node_modules/.installed
export OPENBLAS_NUM_THREADS ?= 1

.PHONY: install demo test check lint format bench clean browser

CE_STAMP   := $(VENV)/.installed-cross-encoder

install: $(STAMP) $(LINT_STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[dev]"
	touch $@

# The test suite also loads a cross-encoder and a BGE reranker (tiny models it builds), so it
# needs torch; and it ingests on a local Ray.
$(CE_STAMP): $(STAMP) pyproject.toml
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[dev,cross-encoder,bge,ray]"
	touch $@

$(LINT_STAMP): tools/cypherlint/package.json tools/cypherlint/package-lock.json
	cd tools/cypherlint && npm ci --no-audit --no-fund --loglevel=error
	touch $@

demo: install
	$(PY) -m graphrag.demo

# The web explorer's test drives a real Chromium: Debian's, installed with apt where we may.
browser:
	@command -v chromium >/dev/null || command -v chromium-browser >/dev/null || \
	  test -n "$$GRAPHRAG_TEST_CHROMIUM" || \
	  { if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null; then SUDO="sudo -n"; \
	    else echo "install chromium (apt-get install chromium) for the web explorer's test"; exit 0; fi; \
	    $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium >/dev/null; }

test: install $(CE_STAMP) browser
	$(PY) -m pytest -q -p no:cacheprovider

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(PY) -m graphrag.stores.graph.lint

format: install
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

check: lint test

DATA ?= ../shared/data

# Benchmarks print their numbers (and write JSON under .bench/); BENCHMARKS.md records them.
bench: install
	$(PY) bench/stores.py --write-json .bench/stores.json
	$(PY) bench/ingest.py --data $(DATA) --json .bench/ingest.json
	$(PY) bench/graph_writes.py --data $(DATA) --json .bench/graph-writes.json
	$(PY) bench/incremental.py --data $(DATA) --json .bench/incremental.json
	$(PY) bench/scale.py --data $(DATA) --json .bench/scale.json
	$(PY) bench/search_latency.py --json .bench/search-latency.json
	$(PY) bench/quality.py hotpotqa:$(DATA)/hotpotqa/questions.json --json .bench/quality-hotpotqa.json
	$(PY) bench/quality.py squad:$(DATA)/legalquad/legalquad-dev.json --json .bench/quality-legalquad.json
	$(PY) bench/quality.py beir:$(DATA)/scifact --limit 300 --json .bench/quality-scifact.json
	$(PY) bench/embedders.py hotpotqa:$(DATA)/hotpotqa/questions.json --json .bench/embedders.json

clean:
	rm -rf $(VENV) tools/cypherlint/node_modules .graphrag .bench
