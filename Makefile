# Two entry points (README): `make report` and `make test`. Both set up what they need.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
JOBS ?= 2

.PHONY: report test test-all test-training setup tex graphviz browser clean bench bench-checks

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

# Graphviz's `dot` lays out the blueprint site's dependency graph (reports/html/); without it the site is written
# without the graph and says why.
graphviz:
	@if command -v dot >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Graphviz..."; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends graphviz >/dev/null) \
	  || echo "Graphviz could not be installed: the site will have no dependency graph"; \
	else echo "no Graphviz and no way to install it here: the site will have no dependency graph"; fi

# headless Chromium and its driver for the browser tests of the site (about a minute from Debian's packages);
# without them those tests skip and say why.
browser:
	@if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Chromium and chromedriver for the browser tests..."; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null) \
	  || echo "Chromium could not be installed: the browser tests will skip"; \
	else echo "no Chromium and no way to install it here: the browser tests will skip"; fi

report: setup tex graphviz
	$(BIN)/symrnn report --jobs $(JOBS)

# two pytest-xdist workers (the 2-core CI machines); each derivation module stays on one worker (xdist_group)
test: setup graphviz browser
	$(BIN)/python -m pytest -q -n $(JOBS) --dist loadgroup

# the quick training reproductions of Figures 1 and 4 (torch, CPU; figures 2 and 3 run in `make test`)
test-training: setup
	$(BIN)/python -m pytest -q -m training

# everything, including the slow derivation runs
test-all: setup
	$(BIN)/python -m pytest -q -m ""

clean:
	rm -rf .symrnn-cache .pytest_cache .hypothesis

# where the checking time goes (issue 23): the ten costliest checks of each paper (cold, wall and CPU seconds from
# the ledger, share of the paper's total) and cold quick and full runs of the working tree against another revision
# (default HEAD~1, checked out into a temporary git worktree) in the same run, with ratios and the load beside them;
# then the warm report on both sides (`symrnn report --quick` run twice, the second timed; --no-warm-report skips it).
# BENCH_CHECKS_ARGS="--papers ck2023 --quick-only" for a short run; --against REV to compare with another revision.
bench-checks: setup
	$(BIN)/python tests/benchmarks/bench_checks.py $(BENCH_CHECKS_ARGS) $(if $(findstring --quick,$(BENCH_ARGS)),--quick-only)

# benchmarks (issues 3, 4, 13; ratios measured in one run, load average and process CPU time beside each timing):
# the training back end (new fast path against the previous one and the step-by-step one, paper-sized Figure 4
# rate in GFLOP/s), then the non-training suite of each paper cold and warm and 40x40 spectra flint vs mpmath.
# BENCH_ARGS=--quick for a short run.  On a shared machine: nice -n 10 make bench
bench: setup bench-checks
	$(BIN)/python tests/benchmarks/bench_train.py $(BENCH_ARGS)
	$(BIN)/python tests/benchmarks/bench_numeric.py $(BENCH_ARGS)
