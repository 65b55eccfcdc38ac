"""`symrnn list | check | show | report | replay | lint`.

Exit status: 0 when every check ran (refuted claims are findings, not failures); 1 when a
check errored; 2 when the user asked for something that does not exist or gave bad input.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import click

from ._cache import Cache
from ._claims import LAYERS
from ._errors import InternalError, InvalidArgument, SymrnnError
from ._ledger import ledger_dict, merge_previous, outcomes, root_error_counts, write_json_atomic
from ._registry import Registry
from ._severity import finding_rank
from ._runner import Interrupted, RunOptions, cached_results, run_checks
from ._verdict import Verdict

_COLOURS = {"proved": "green", "certified": "green", "holds": "cyan", "confirmed": "cyan",
            "refuted": "red", "conflict": "red", "inconclusive": "yellow", "skipped": "white", "error": "magenta"}


def _fail(msg: str, code: int = 2):
    click.echo(f"symrnn: error: {msg}", err=True)
    sys.exit(code)


def _registry(paths) -> Registry:
    return Registry.discover([Path(p) for p in paths] if paths else None)


def _graph_ok(reg: Registry) -> None:
    """A claim graph with unknown `uses` or a cycle cannot give verdicts: refuse it, as `lint` does (exit 2)."""
    problems = reg.lint()
    if problems:
        _fail("the claim graph is not sound (fix the claim files; `symrnn lint` lists the same):\n  "
              + "\n  ".join(problems), 2)


def _command(*words, paths=(), quick=False) -> str:
    """A next-step command with the flags this run needed (its --path and --quick), so that it can be copied."""
    flags = (["--quick"] if quick else []) + [f"--path {p}" for p in paths]
    return " ".join(["symrnn", *words, *flags])


def _verdict_text(v: Verdict | None) -> str:
    if v is None:
        return click.style("unchecked", dim=True)
    return click.style(v.value, fg=_COLOURS[v.value])


path_option = click.option("--path", "paths", multiple=True, type=click.Path(),
                           help="Claim file or folder (repeatable); default: ./derivations and $SYMRNN_PATH.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="symrnn")
def main():
    """Machine-check the numbered statements of recurrent-network theory papers."""
    from . import _kernels

    _kernels.pin()      # before numpy or torch loads: the same numbers on every AVX2 processor (symrnn/_kernels.py)


def _guard(fn):
    """Turn user mistakes into one-line messages and exit 2; an interrupt that reaches here (a command other than
    check and report, which keep what finished themselves) exits 130, never click's "Aborted!" with exit 1."""
    import functools

    @functools.wraps(fn)
    def wrapper(*a, **kw):
        try:
            return fn(*a, **kw)
        except InternalError as exc:
            _fail(f"{exc} (this is a bug in symrnn)", 3)
        except SymrnnError as exc:
            _fail(str(exc))
        except KeyboardInterrupt:
            _fail("interrupted", 130)
    return wrapper


@main.command("list")
@click.argument("patterns", nargs=-1)
@path_option
@_guard
def list_cmd(patterns, paths):
    """List claims (optionally those matching PATTERNS) with their checks."""
    from . import _listing

    for row in _listing.select(_listing.rows([Path(p) for p in paths] if paths else None), patterns):
        click.echo(row.line())


def _run_options(jobs, timeout, dps, seed, no_cache, cache_dir, layers, quiet, quick=False, resolve=None, out_dir=None):
    from ._progress import Progress, timings_file

    tty = sys.stderr.isatty()
    bar = Progress(timings_file(Cache(cache_dir).dir, quick), enabled=not quiet and tty, log=not quiet and not tty,
                   ledgers=sorted(Path(out_dir).glob("*.ledger.json")) if out_dir else (), quick=quick)

    def progress(done, total, res):
        bar.finished(res)
        if quiet:
            return
        tag = " (cached)" if res.cached else ""
        bar.clear()
        click.echo(f"[{done:>3}/{total}] {res.claim_id}:{res.check:<22s} "
                   f"{_verdict_text(res.verdict):>12s} {res.seconds:7.2f}s{tag}", err=True)

    def started(done, total, label):
        # a line as each check starts, so a long one is never silent (the terminal's tick then shows its time)
        if quiet:
            return
        bar.clear()
        click.echo(f"[{done:>3}/{total}] {bar.describe(label)} started", err=True)
    return RunOptions(jobs=jobs, timeout=timeout, dps=dps, seed=seed, quick=quick,
                      layers=tuple(layers) if layers else None,
                      cache=None if no_cache else Cache(cache_dir), progress=progress, resolve=resolve,
                      tick=bar.tick, started=started)


def _full_paper_outcomes(reg, claims, results, opts):
    """Outcomes for every claim of the papers touched: fresh results, else cached ones."""
    papers = []
    for c in claims:
        if c.paper not in papers:
            papers.append(c.paper)
    fresh = {(r.claim_id, r.check) for r in results}
    others = [c for p in papers for c in p.claims.values() if c not in claims]
    cached: list = []
    if others and opts.cache is not None:
        quiet = RunOptions(jobs=1, timeout=opts.timeout, dps=opts.dps, seed=opts.seed, quick=opts.quick,
                           layers=opts.layers, cache=opts.cache, resolve=opts.resolve)
        cached = [r for r in _cached_only(others, quiet) if (r.claim_id, r.check) not in fresh]
    everything = [c for p in papers for c in p.claims.values()]
    results = list(results) + cached
    outs = outcomes(reg, everything, results)
    # the weight of a refutation depends on its corrections, its intended reading and the claims that use it:
    # check those too (from the cache where it has them), so that the weight never depends on what is cached
    for _ in range(3):
        need = _severity_dependencies(reg, outs)
        if not need:
            break
        results += run_checks(need, RunOptions(jobs=opts.jobs, timeout=opts.timeout, dps=opts.dps, seed=opts.seed,
                                               quick=opts.quick, layers=opts.layers, cache=opts.cache,
                                               resolve=opts.resolve, progress=opts.progress, started=opts.started,
                                               tick=opts.tick))
        outs = outcomes(reg, everything, results)
    return papers, outs


def _severity_dependencies(reg, outs) -> list:
    """Claims without results on which the weight of a refuted claim depends."""
    have = {o.claim.id for o in outs if o.results}
    by_id = {o.claim.id: o for o in outs}
    need = []
    for o in outs:
        if o.verdict is not Verdict.REFUTED:
            continue
        c = o.claim
        deps = [d for d in reg.all_claims() if (d.paper is c.paper and d.corrected_from == c.key)
                or c.id in d.qualified_uses()]
        if c.intended:
            deps += [reg.get(c.intended if "." in c.intended else f"{c.paper.key}.{c.intended}")]
        for d in deps:
            if d.id not in have and (d.checks or d.same_as) and d not in need and d.id in by_id:
                need.append(d)
    return need


def _interrupted_message(exc: Interrupted, opts, ledgers) -> str:
    """Say exactly what was kept after an interruption."""
    done = len(exc.results)
    kept = (f"the {done} finished are cached" if opts.cache is not None else
            f"--no-cache: the {done} finished are not cached")
    where = ", ".join(str(p) for p in ledgers)
    return (f"interrupted: {done} of {exc.total} checks finished; {kept} and merged into {where} "
            "(claims not run keep their previous entries); run the same command to continue")


def _cached_only(claims, opts):
    return cached_results(claims, opts)


def _run_guarded(guard, claims, opts):
    """run_checks with every way an interrupt can end it turned into (finished results, Interrupted or None).

    An interrupt inside the run raises Interrupted with what finished; one that arrives just before the run
    started its workers is a plain KeyboardInterrupt: what finished is then what the cache holds. The guard is
    disarmed on the way out, so a signal during the cleanup and the ledger writing that follow is only recorded."""
    from ._runner import plan

    results = None
    try:
        results = run_checks(claims, opts)
        return results, None
    except Interrupted as exc:
        return exc.results, exc
    except KeyboardInterrupt:
        if guard is not None:
            guard.disarm()
        done = results if results is not None else cached_results(claims, opts)
        return done, Interrupted(done, len(plan(claims, opts)))
    finally:
        if guard is not None:
            guard.disarm()


def _late_interrupt(guard, results) -> Interrupted | None:
    """A signal that arrived after the run (while its ledger was written): the run finished, the exit is 130."""
    if guard is not None and guard.signum is not None:
        return Interrupted(list(results), len(results))
    return None


def _discover(patterns, paths, guard):
    """The registry and the selected claims; an interrupt here (nothing ran yet) exits 130 at once."""
    try:
        reg = _registry(paths)
        _graph_ok(reg)
        return reg, reg.select(list(patterns))
    except KeyboardInterrupt:
        if guard is not None:
            guard.disarm()
        _fail("interrupted before any check ran: nothing to record", 130)


def _write_ledgers(papers, outs, out_dir: Path, opts) -> list[Path]:
    """Write each paper's ledger, merged with the one already there: a claim that has no result in
    this run (not selected, interrupted, not in the cache) keeps its previous entry, marked so."""
    written = []
    for p in papers:
        mine = [o for o in outs if o.claim.paper is p]
        path = out_dir / f"{p.key}.ledger.json"
        data = ledger_dict(p, mine, dps=opts.dps, seed=opts.seed, quick=opts.quick)
        write_json_atomic(path, merge_previous(data, path))
        written.append(path)
    return written


def _fresh_workers(ctx, param, value):           # noqa: ARG001 - click's callback signature
    if value:     # read by RunOptions wherever this command builds them
        os.environ["SYMRNN_FRESH_WORKERS"] = "1"


run_options = [
    click.option("--layer", "layers", multiple=True, type=click.Choice(LAYERS), help="Only checks of this layer."),
    click.option("--jobs", "-j", default=1, show_default=True, type=int, help="Checks run in parallel."),
    click.option("--timeout", default=600.0, show_default=True, type=float, help="Seconds per check."),
    click.option("--dps", default=50, show_default=True, type=int, help="Decimal digits for numeric work."),
    click.option("--seed", default=0, show_default=True, type=int),
    click.option("--no-cache", is_flag=True, help="Ignore and do not write the result cache."),
    click.option("--cache-dir", type=click.Path(), default=None, help="Default: .symrnn-cache or $SYMRNN_CACHE_DIR."),
    click.option("--quiet", "-q", is_flag=True, help="No progress lines."),
    click.option("-o", "--out", "out_dir", default="reports", show_default=True, type=click.Path(),
                 help="Folder for ledgers and reports."),
    click.option("--dask", "dask_workers", type=int, default=None,
                 help="Run the checks on a local Dask cluster of N worker processes."),
    click.option("--scheduler", default=None, help="Run the checks on the Dask scheduler at ADDRESS."),
    click.option("--fresh-workers", is_flag=True, expose_value=False, callback=_fresh_workers,
                 help="Each check in a process of its own (slower: nothing the checks compute in common is shared; "
                      "also SYMRNN_FRESH_WORKERS=1)."),
    path_option,
]


def _dask(opts, dask_workers, scheduler):
    """Attach a Dask client to the run options when asked; returns it (to close) or None."""
    if dask_workers is None and not scheduler:
        return None
    if dask_workers is not None and scheduler:
        raise InvalidArgument("give either --dask N (a local cluster) or --scheduler ADDRESS, not both")
    from ._distributed import client_for, run_on_dask

    opts.dask_client = client_for(scheduler=scheduler, workers=dask_workers)
    opts.dask_run = run_on_dask
    return opts.dask_client


def _with(options):
    def deco(fn):
        for opt in reversed(options):
            fn = opt(fn)
        return fn
    return deco


@main.command("check")
@click.argument("patterns", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON on stdout.")
@click.option("--quick", is_flag=True, help="Quick mode (smaller grids and sequences, as the tests run).")
@_with(run_options)
@_guard
def check_cmd(patterns, as_json, quick, layers, jobs, timeout, dps, seed, no_cache, cache_dir, quiet, out_dir,
              dask_workers, scheduler, paths):
    """Check the claims matching PATTERNS (paper keys, ids, prefixes or globs; default all)."""
    _signal_guarded(_check, patterns, as_json, quick, layers, jobs, timeout, dps, seed, no_cache, cache_dir, quiet,
                    out_dir, dask_workers, scheduler, paths)


def _signal_guarded(run, *args):
    """SIGINT or SIGTERM at any moment: the run stops once, and the ledger of what finished is always written."""
    from ._runner import stop_on_signals

    with stop_on_signals() as guard:
        run(guard, *args)
        if guard is not None and guard.signum is not None:     # a signal after the ledger was written
            _fail("interrupted after the run finished: the ledger is written", 130)


def _check(guard, patterns, as_json, quick, layers, jobs, timeout, dps, seed, no_cache, cache_dir, quiet, out_dir,
           dask_workers, scheduler, paths):
    reg, claims = _discover(patterns, paths, guard)
    opts = _run_options(jobs, timeout, dps, seed, no_cache, cache_dir, layers, quiet, quick=quick, resolve=reg.get,
                        out_dir=out_dir)
    client = _dask(opts, dask_workers, scheduler)
    try:
        results, interrupted = _run_guarded(guard, claims, opts)
    finally:
        if client is not None:
            from ._distributed import close

            close(client)
            opts.dask_client = None
    papers, outs = _full_paper_outcomes(reg, claims, results, opts)
    ledgers = _write_ledgers(papers, outs, Path(out_dir), opts)
    if interrupted is not None:
        _fail(_interrupted_message(interrupted, opts, ledgers), 130)
    selected = [o for o in outs if o.claim in claims]
    if as_json:
        click.echo(json.dumps([{"id": o.claim.id, "verdict": o.verdict.value if o.verdict else None,
                                "status": o.status,
                                "severity": ({"level": o.severity.level, "reason": o.severity.reason}
                                             if o.severity else None),
                                "checks": [r.to_json() for r in o.results]}
                               for o in selected], indent=1))
    else:
        _print_summary(selected, ledgers)
    late = _late_interrupt(guard, results)          # a signal while the ledger was written: it is, exit 130
    if late is not None:
        _fail(_interrupted_message(late, opts, ledgers), 130)
    if any(r.verdict is Verdict.ERROR for r in results):
        errs = [f"{r.claim_id}:{r.check}" for r in results if r.verdict is Verdict.ERROR]
        first = errs[0].split(":")[0]
        _fail(f"{len(errs)} check(s) crashed ({', '.join(errs[:5])}); "
              f"`{_command('show', first, paths=paths, quick=quick)}` prints the traceback", 1)


def _print_summary(outs, ledgers):
    total = sum(o.seconds for o in outs)
    for o in outs:
        shown = _verdict_text(o.verdict) if o.verdict else click.style(o.label, dim=True)
        click.echo(f"{o.claim.id:28s} {o.claim.label:22s} {shown:>12s}  {o.status}")
    findings = sorted((o for o in outs if o.verdict in (Verdict.REFUTED, Verdict.CONFLICT, Verdict.INCONCLUSIVE, Verdict.ERROR)),
                      key=finding_rank)
    if findings:
        click.echo("\nfindings (false statements first, then slips, readings, errors, undecided):")
        for o in findings:
            if o.severity:
                click.echo(f"  {o.claim.id}: {o.severity.level.upper()}: {o.severity.reason}")
            for r in o.results:
                if r.verdict in (Verdict.REFUTED, Verdict.INCONCLUSIVE, Verdict.ERROR):
                    click.echo(f"  {o.claim.id}:{r.check}: {r.summary}")
                    for w in r.witnesses:
                        click.echo(f"    witness: {w.replay}")
    counts: dict[str, int] = {}
    for o in outs:
        k = o.count_key
        counts[k] = counts.get(k, 0) + 1
    click.echo("\n" + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())) + f"; check time {total:.1f}s")
    roots = root_error_counts(outs)
    if roots:
        click.echo("distinct root errors (a claim, its twin and the refuted steps of its declared proof count once): "
                   + ", ".join(f"{v} {k}" for k, v in roots.items()))
    for p in ledgers:
        click.echo(f"ledger: {p}")


@main.command("show")
@click.argument("claim_id")
@_with([click.option("--dps", default=50, type=int), click.option("--seed", default=0, type=int),
        click.option("--quick", is_flag=True, help="The evidence of a `check --quick` run."),
        click.option("--cache-dir", type=click.Path(), default=None), path_option])
@_guard
def show_cmd(claim_id, dps, seed, quick, cache_dir, paths):
    """Statement, dependencies, checks and the last evidence of one claim."""
    reg = _registry(paths)
    claim = reg.get(claim_id)
    opts = RunOptions(dps=dps, seed=seed, quick=quick, cache=Cache(cache_dir), resolve=reg.get)
    outs = outcomes(reg, [claim] + reg.ancestors(claim), _cached_only([claim] + reg.ancestors(claim), opts))
    mine = outs[0]
    by_id = {o.claim.id: o for o in outs}
    click.echo(f"{claim.id}  {claim.label}  ({claim.kind}{', ' + claim.where if claim.where else ''})")
    click.echo(f"statement (as printed):\n  {claim.statement}")
    for a in claim.assumptions:
        click.echo(f"assumes: {a}")
    if claim.notes:
        click.echo(f"notes: {claim.notes}")
    uses = ", ".join(f"{u} {_verdict_text(by_id[u].verdict) if u in by_id else '?'}"
                     for u in claim.qualified_uses())
    methods = " | ".join(f"{k.method}({k.name}{', about all' if k.full else ''})" for k in claim.checks) or "sorry"
    click.echo(f"\nclaim {claim.key} (uses {uses or 'nothing'}) := by {methods}")
    click.echo(f"verdict: {_verdict_text(mine.verdict)}   status: {mine.status}")
    if mine.severity:
        how = "derived" if mine.severity.derived else "as the claim file states"
        click.echo(f"severity: {mine.severity.level} ({how}): {mine.severity.reason}")
    for h in claim.hypotheses:
        click.echo(f"hypothesis {h.name} [{h.how}]: {h.text}")
    if claim.variables:
        click.echo("for every " + ", ".join(f"{k} in {d.describe()}" for k, d in claim.variables.items()))
    if claim.relations:
        click.echo("with " + "; ".join(claim.relation_texts))
    for c in claim.conclusions:
        click.echo(f"conclusion {c.name} ({c.form}): {c.text}" + (f"  [as code: {c.expr}]" if c.expr is not None else ""))
    if mine.results and mine.uncovered:
        click.echo("not covered by a proof or certificate: " + ", ".join(mine.uncovered))
    for r, cv in zip(mine.results, mine.coverage or ()):
        if cv.covers or cv.reason:
            click.echo(f"coverage of {r.check}: " + (f"covers {', '.join(sorted(cv.covers))}" if cv.covers else cv.reason)
                       + (f" (instances: {'; '.join(cv.instances[:6])})" if cv.instances else ""))
    if mine.proof_breaks:
        click.echo("the proof breaks at: " + ", ".join(mine.proof_breaks))
    if mine.root and mine.root != claim.id:
        click.echo(f"root error: {mine.root}")
    if not mine.results:
        click.echo(f"no evidence yet: run `{_command('check', claim.id, paths=paths, quick=quick)}`"
                   + ("" if quick else " (or show --quick after a quick run)"))
    for r in mine.results:
        click.echo(f"\n-- check {r.check} [{r.layer}{', about every conclusion' if r.full else ''}] "
                   f"{_verdict_text(r.verdict)}: {r.summary}")
        if r.scope:
            click.echo(f"   scope: {r.scope}")
        for s in r.steps:
            click.echo(f"   step: {s.text}" + (f"\n         {s.latex}" if s.latex else ""))
        for f in r.findings:
            click.echo(f"   [{f.verdict.value}] {f.title}" + (f": {f.detail}" if f.detail else ""))
        for c in r.controls:
            click.echo(f"   control: {c.prediction} [{c.controls}]: positive {c.positive}, negative {c.negative}, "
                       f"data {c.observed}")
        for row in r.fidelity:
            click.echo(f"   set-up {row.aspect}: paper {row.paper}" + (f"; ours {row.ours} ({row.departure})"
                                                                      if row.departure else "; ours as printed"))
        for w in r.witnesses:
            click.echo(f"   witness {w.params}\n     values {w.values}\n     {w.certificate}\n     re-check: {w.recheck}"
                       f"{'' if w.independent else ' [not independent]'}\n     replay: {w.replay}")
            for name, text, how, detail in w.hypotheses:
                click.echo(f"     hypothesis {name} ({how}) holds at the witness: {detail}")
        if r.error:
            click.echo("   traceback:\n" + "\n".join("     " + ln for ln in r.error.splitlines()))


@main.command("report")
@click.argument("patterns", nargs=-1)
@click.option("--no-pdf", is_flag=True, help="Write the .tex only.")
@click.option("--no-html", is_flag=True, help="Do not write the blueprint site (reports/html/).")
@click.option("--quick", is_flag=True, help="Quick mode (the sizes the tests use; the report says so).")
@_with(run_options)
@_guard
def report_cmd(patterns, no_pdf, no_html, quick, layers, jobs, timeout, dps, seed, no_cache, cache_dir, quiet, out_dir,
               dask_workers, scheduler, paths):
    """Check (using the cache) and write reports/<paper>.tex, the ledger, a PDF when TeX is present, and the
    blueprint site reports/html/ (index.html: every paper, its claims, findings and dependency graph)."""
    _signal_guarded(_report, patterns, no_pdf, quick, layers, jobs, timeout, dps, seed, no_cache, cache_dir, quiet,
                    out_dir, dask_workers, scheduler, paths, no_html)


def _report(guard, patterns, no_pdf, quick, layers, jobs, timeout, dps, seed, no_cache, cache_dir, quiet, out_dir,
            dask_workers, scheduler, paths, no_html=False):
    from .report import build_pdf, write_combined, write_report

    reg, claims = _discover(patterns, paths, guard)
    opts = _run_options(jobs, timeout, dps, seed, no_cache, cache_dir, layers, quiet, quick=quick, resolve=reg.get,
                        out_dir=out_dir)
    papers = []
    for c in claims:
        if c.paper not in papers:
            papers.append(c.paper)
    all_claims = [c for p in papers for c in p.claims.values()]
    client = _dask(opts, dask_workers, scheduler)
    try:
        results, interrupted = _run_guarded(guard, all_claims, opts)
    finally:
        if client is not None:
            from ._distributed import close

            close(client)
            opts.dask_client = None
    if interrupted is not None:
        ledgers = _write_ledgers(papers, outcomes(reg, all_claims, results), Path(out_dir), opts)
        _fail(_interrupted_message(interrupted, opts, ledgers) + "; no report was written", 130)
    outs = outcomes(reg, all_claims, results)
    ledgers = _write_ledgers(papers, outs, Path(out_dir), opts)
    late = _late_interrupt(guard, results)
    if late is not None:
        _fail(_interrupted_message(late, opts, ledgers) + "; no report was written", 130)
    errored = False
    texs = []
    tex_present = shutil.which("latexmk") is not None
    pdf_failed = 0
    for p in papers:
        mine = [o for o in outs if o.claim.paper is p]
        tex = write_report(p, mine, Path(out_dir), dps=opts.dps, seed=opts.seed, quick=quick)
        texs.append(tex)
        click.echo(f"wrote {tex}")
        errored |= any(o.verdict is Verdict.ERROR for o in mine)
        if no_pdf:
            continue
        pdf, message = build_pdf(tex)
        click.echo(message)
        # TeX present but the build failed: the report has a TeX error, which is a defect, not a missing tool
        pdf_failed += pdf is None and tex_present
    if len(papers) > 1:
        combined = write_combined([(p, [o for o in outs if o.claim.paper is p]) for p in papers], Path(out_dir),
                                  dps=opts.dps, seed=opts.seed, quick=quick)
        click.echo(f"wrote {combined}")
        if not no_pdf:
            pdf, message = build_pdf(combined)
            click.echo(message)
            pdf_failed += pdf is None and tex_present
    if not no_html:
        from .report.site import write_site

        site = write_site([(p, [o for o in outs if o.claim.paper is p]) for p in papers], Path(out_dir),
                          dps=opts.dps, seed=opts.seed, quick=quick)
        click.echo(f"wrote {site.index} ({len(site.pages)} paper page{'s' if len(site.pages) != 1 else ''}; "
                   "open it in a browser, no network needed)")
        for note in site.notes:
            click.echo(f"note: {note}")
    if errored:
        _fail("some checks crashed; see the findings section of the report", 1)
    if pdf_failed:
        _fail(f"{pdf_failed} PDF(s) could not be built although TeX is installed (see the latexmk messages above); "
              "the .tex files and ledgers are written", 1)


@main.command("replay")
@click.argument("claim_id")
@click.argument("check_name")
@click.argument("params", nargs=-1)
@click.option("--dps", default=50, show_default=True, type=int)
@click.option("--timeout", default=300.0, show_default=True, type=float, help="Seconds before the replay is stopped.")
@path_option
@_guard
def replay_cmd(claim_id, check_name, params, dps, timeout, paths):
    """Re-evaluate a witness: symrnn replay ID CHECK key=value ..."""
    from ._api import replay

    kv = {}
    for p in params:
        if "=" not in p:
            _fail(f"witness parameter {p!r} is not key=value (copy the command printed with the refutation)")
        k, v = p.split("=", 1)
        kv[k] = v
    out = replay(claim_id, check_name, dps=dps, paths=list(paths) or None, timeout=timeout, **kv)
    click.echo(json.dumps(out, indent=1))


@main.command("new")
@click.argument("key")
@click.option("--folder", default="derivations", show_default=True, type=click.Path(),
              help="Where the claim package is written.")
@click.option("--from-tex", "tex", default=None, type=click.Path(dir_okay=False),
              help="A paper's LaTeX source: one `stated` claim per numbered statement, in paper order.")
@_guard
def new_cmd(key, folder, tex):
    """Write a claim package KEY: from a paper's LaTeX source (--from-tex), or an example to start from (a
    proved, a refuted (with hypothesis and re-check) and a certified claim)."""
    from ._scaffold import check_command, new_package

    if tex is None:
        target = new_package(key, folder)
        click.echo(f"wrote {target}/ (__init__.py, sec2.py); try: {check_command(key, target)}")
        return
    from ._from_tex import write_package

    target, paper = write_package(key, Path(tex), folder)
    kinds: dict[str, int] = {}
    for st in paper.statements:
        kinds[st.kind] = kinds.get(st.kind, 0) + 1
    n = len(paper.statements)
    click.echo(f"wrote {target}/ ({n} numbered statement{'s' if n != 1 else ''} from {tex}: "
               + ", ".join(f"{v} {k}" for k, v in kinds.items()) + "; each is `stated` until a check is written)")
    for note in paper.notes:
        click.echo(f"note: {note}")
    click.echo(f"try: symrnn list --path {target}; {check_command(key, target)}")


@main.command("lint")
@path_option
@_guard
def lint_cmd(paths):
    """Check the claim graph: every `uses` exists, no cycles."""
    reg = _registry(paths)
    problems = reg.lint()
    for p in problems:
        click.echo(p)
    if problems:
        sys.exit(2)
    click.echo(f"ok: {len(reg.all_claims())} claims in {len(reg.papers)} paper(s)")



@main.command("reproduce")
@click.argument("claim_ids", nargs=-1, required=True)
@click.option("--full", is_flag=True, help="The full (paper-sized) mode; default: the quick mode used by the tests.")
@click.option("--out", "out_dir", default="reports/figures", show_default=True, type=click.Path(file_okay=False),
              help="Folder for <claim id>.json (the experiments' evidence) and figures/*.pdf.")
@path_option
@_guard
def reproduce_cmd(claim_ids, full, out_dir, paths):
    """Re-run the experiments (empirical checks) of the claims CLAIM_IDS (ids as `symrnn list` prints them): no cache;
    writes each claim's evidence as JSON and draws its figures."""
    reg = _registry(paths)
    claims = []
    for cid in claim_ids:
        claim = reg.get(cid)                      # an unknown id: InvalidClaim naming ids of that paper (exit 2)
        if not any(ch.layer == "empirical" for ch in claim.checks):
            with_exp = [c.id for c in reg.all_claims() if any(ch.layer == "empirical" for ch in c.checks)]
            mine = [i for i in with_exp if i.startswith(claim.paper.key + ".")] or with_exp
            _fail(f"{cid} has no experiment (empirical check); claims with one: {', '.join(mine[:12])}"
                  + (" ..." if len(mine) > 12 else ""))
        if claim not in claims:
            claims.append(claim)
    results = run_checks(claims, RunOptions(jobs=1, quick=not full, layers=("empirical",), resolve=reg.get))
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    from types import SimpleNamespace

    from .report._figures import draw_plots

    for claim in claims:
        mine = [r for r in results if r.claim_id == claim.id]
        write_json_atomic(out / f"{claim.id}.json", {"id": claim.id, "mode": "full" if full else "quick",
                                                     "checks": [r.to_json() for r in mine]})
        click.echo(f"{claim.id}: {', '.join(f'{r.check} {r.verdict.value}' for r in mine)}; wrote {out / claim.id}.json")
    why = draw_plots([SimpleNamespace(claim=c, results=[r for r in results if r.claim_id == c.id]) for c in claims], out)
    drawn = sum(len(r.plots) for r in results)
    click.echo(why or f"{drawn} figure(s) in {out / 'figures'}")
    if any(r.verdict is Verdict.ERROR for r in results):
        errs = [f"{r.claim_id}:{r.check}" for r in results if r.verdict is Verdict.ERROR]
        _fail(f"{len(errs)} experiment(s) crashed ({', '.join(errs)})", 1)
    skipped = [r for r in results if r.verdict is Verdict.SKIPPED]
    if skipped:        # nothing was reproduced for these: a missing requirement is the user's to install
        _fail("; ".join(f"{r.claim_id}:{r.check} did not run: {r.summary.removeprefix('skipped: ')}" for r in skipped))


if __name__ == "__main__":  # pragma: no cover
    main()
