# Two entry points (README): `make report` and `make test`. Both set up what they need.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
JOBS ?= 2

.PHONY: report test test-all test-training setup tex clean bench

$(BIN)/.installed: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test,flint,torch,dask]'
	touch $@

setup: $(BIN)/.installed

# TeX for the PDF: installed from Debian packages when we are root and apt-get exists;
# otherwise the report says clearly that only the .tex was written.
tex:
	@if command -v latexmk >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing TeX (texlive-latex-base, texlive-latex-extra, latexmk)..."; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    texlive-latex-base texlive-latex-extra texlive-fonts-recommended lmodern latexmk >/dev/null) \
	  || echo "TeX could not be installed: the report will be .tex only"; \
	else echo "no TeX and no way to install it here: the report will be .tex only"; fi

report: setup tex
	$(BIN)/symrnn report --jobs $(JOBS)

test: setup
	$(BIN)/python -m pytest -q

# the quick training reproductions of Figures 1 and 4 (torch, CPU; figures 2 and 3 run in `make test`)
test-training: setup
	$(BIN)/python -m pytest -q -m training

# everything, including the slow derivation runs
test-all: setup
	$(BIN)/python -m pytest -q -m ""

clean:
	rm -rf .symrnn-cache .pytest_cache .hypothesis

# benchmarks (issues 3, 4, 13; ratios measured in one run, load average and process CPU time beside each timing):
# the training back end (new fast path against the previous one and the step-by-step one, paper-sized Figure 4
# rate in GFLOP/s), then the non-training suite of each paper cold and warm and 40x40 spectra flint vs mpmath.
# BENCH_ARGS=--quick for a short run.  On a shared machine: nice -n 10 make bench
bench: setup
	$(BIN)/python tests/benchmarks/bench_train.py $(BENCH_ARGS)
	$(BIN)/python tests/benchmarks/bench_numeric.py $(BENCH_ARGS)
