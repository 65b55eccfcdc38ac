"""Programmatic entry points mirroring the CLI: `check` and `replay`."""

from __future__ import annotations

from pathlib import Path

from ._cache import Cache
from ._errors import InvalidArgument, SymrnnError
from ._execute import execute_check
from ._registry import Registry
from ._runner import RunOptions, find_check, run_checks


def check(*patterns, paths: list[str] | None = None, layers=None, jobs: int = 1, dps: int = 50,
          seed: int = 0, timeout: float = 600.0, cache_dir: str | None = None, use_cache: bool = True,
          quick: bool = False) -> "Results":
    """Check claims and return their verdicts (a `Results`: per claim outcome, with rich display in Jupyter).

    `patterns` are paper keys, ids or globs of claim files on disk, or `Paper` objects declared in the
    session (a notebook): `symrnn.check(paper)`.

    Example:
        >>> import symrnn
        >>> symrnn.check("nosuchpaper")  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        symrnn._errors.InvalidClaim: no claim matches 'nosuchpaper' ...
    """
    from ._claims import Paper
    from ._ledger import outcomes

    papers = [p for p in patterns if isinstance(p, Paper)]
    names = [p for p in patterns if not isinstance(p, Paper)]
    if papers and not names and not paths:
        reg = Registry(papers={p.key: p for p in papers})
    else:
        reg = Registry.discover([Path(p) for p in paths] if paths else None)
        for p in papers:
            reg.papers[p.key] = p
    claims = reg.select(names + [p.key for p in papers])
    opts = RunOptions(jobs=jobs, dps=dps, seed=seed, timeout=timeout, layers=tuple(layers) if layers else None,
                      quick=quick, cache=Cache(cache_dir) if use_cache and any(p.module_file for p in reg.papers.values())
                      else None, resolve=reg.get)
    results = run_checks(claims, opts)
    return Results(outcomes(reg, claims, results), results)


class Results:
    """The outcome of `symrnn.check`: iterate over claim outcomes, index by claim id, `.verdicts`."""

    def __init__(self, outs, results):
        self.outcomes = list(outs)
        self.results = list(results)

    def __iter__(self):
        return iter(self.outcomes)

    def __len__(self) -> int:
        return len(self.outcomes)

    def __getitem__(self, claim_id: str):
        for o in self.outcomes:
            if o.claim.id == claim_id or o.claim.key == claim_id:
                return o
        raise KeyError(claim_id)

    @property
    def verdicts(self) -> dict[str, str]:
        return {o.claim.id: o.label for o in self.outcomes}

    def __repr__(self) -> str:
        return "\n".join(f"{o.claim.id}: {o.label}" + (f" ({o.severity.level})" if o.severity else "")
                         for o in self.outcomes)

    def _repr_html_(self) -> str:
        from .report._html import results_html

        return results_html(self.outcomes)

    def _repr_latex_(self) -> str:         # nbconvert to LaTeX or PDF
        from .report._html import results_latex

        return results_latex(self.outcomes)


_NONFINITE = {"nan", "+nan", "-nan", "inf", "+inf", "-inf", "infinity", "+infinity", "-infinity", "oo", "-oo", "zoo"}


def validate_witness_values(params: dict) -> dict[str, str]:
    """Witness values are exact numbers, lists of them, or words; NaN and infinities are refused here,
    before any computation (a NaN can make a replay hang, an infinity divide by zero)."""
    out = {}
    for k, v in params.items():
        v = str(v).strip()
        if not v:
            raise InvalidArgument(f"witness parameter {k!r} is empty")
        for part in v.split(","):
            if part.strip().lower() in _NONFINITE:
                raise InvalidArgument(f"witness parameter {k}={v!r} is not finite; pass exact numbers such as 1/10")
        out[k] = v
    return out


def _run_limited(fn, args: tuple, timeout: float, what: str = "the replay"):
    """fn(*args) in a forked child with a time limit; exceptions come back as (type name, message)."""
    import multiprocessing

    if "fork" not in multiprocessing.get_all_start_methods():      # pragma: no cover - non-POSIX
        return fn(*args)
    mp = multiprocessing.get_context("fork")
    recv, send = mp.Pipe(duplex=False)

    def child():
        try:
            send.send(("ok", fn(*args)))
        except BaseException as exc:  # noqa: BLE001 - reported to the parent
            send.send(("raised", (type(exc).__name__, str(exc), isinstance(exc, SymrnnError))))
        finally:
            send.close()

    proc = mp.Process(target=child, daemon=True)
    proc.start()
    send.close()
    try:
        if not recv.poll(timeout):
            raise InvalidArgument(f"{what} did not finish within {timeout:g} s and was stopped (raise it with "
                                  "--timeout)")
        status, payload = recv.recv()
    except EOFError:
        raise InvalidArgument(f"the replay's worker exited with code {proc.exitcode} before reporting") from None
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()
        recv.close()
    if status == "raised":
        name, msg, ours = payload
        if ours:
            raise InvalidArgument(msg)
        raise InvalidArgument(f"the replay failed on these witness values ({name}: {msg}); check the names and "
                              "ranges against the command printed with the refutation")
    return payload


def hypotheses_at(claim, check_name: str, params: dict) -> list[dict]:
    """Each declared hypothesis of `check_name` decided at a witness, as in the check itself: a test with two
    arguments, `test(params, printed)`, receives the claim's printed objects."""
    from ._context import _takes_printed_2

    out = []
    for h in claim.hypotheses_for(check_name):
        try:
            res = h.test(dict(params), dict(claim.printed)) if _takes_printed_2(h.test) else h.test(dict(params))
        except SymrnnError:
            raise                                   # a value the hypothesis cannot read: the user's to fix
        except Exception as exc:  # noqa: BLE001 - reported, the replay still runs
            res = (False, f"could not be decided: {type(exc).__name__}: {exc}")
        ok, why = res if isinstance(res, tuple) else (res, "")
        out.append({"name": h.name, "text": h.text, "holds": bool(ok), "how": h.how, "detail": str(why)})
    return out


def replay(claim_id: str, check_name: str, *, dps: int = 50, paths: list[str] | None = None,
           timeout: float = 300.0, **params: str) -> dict:
    """Re-evaluate a witness: `symrnn.replay("smith2020.prop7", "endpoints", a1="0", ...)`.

    With a check that declares `replay=`, the witness parameters are read as data (`symrnn.parse_value`: numbers,
    ratios, lists and allow-listed formulas; nothing is ever run as code), the claim's hypotheses are decided at
    them and the witness is evaluated at `dps`; a check without one is re-run (it is deterministic) and its
    witnesses are returned. All of it (reading the values included) runs in a worker with the time limit
    `timeout`; a value that is not data, a failure on bad values or the time limit is an InvalidArgument naming
    it, never a traceback.
    """
    if dps < 15:
        raise InvalidArgument(f"dps must be at least 15, got {dps}")
    if not timeout > 0:
        raise InvalidArgument(f"timeout must be positive seconds, got {timeout}")
    reg = Registry.discover([Path(p) for p in paths] if paths else None)
    claim = reg.get(claim_id)
    chk = find_check(claim, check_name)
    if chk.replay is not None:
        if not params:
            raise InvalidArgument(
                f"{claim_id}:{check_name} replays a witness: pass its parameters as key=value "
                "(the refutation in the report prints the exact command)")
        from ._context import _takes_printed
        from ._values import parse_witness

        params = validate_witness_values(params)
        fn = chk.replay

        def work():
            parse_witness(params)           # every value is data, or an InvalidArgument naming it: nothing ran
            hypotheses = hypotheses_at(claim, check_name, params)
            out = fn(dict(params), dps, dict(claim.printed)) if _takes_printed(fn) else fn(dict(params), dps)
            return _plain(out), hypotheses

        out, hypotheses = _run_limited(work, (), timeout, what="the replay (reading the values, testing the "
                                                                "hypotheses and evaluating the witness)")
        return {"violated": bool(out["violated"]), "values": {k: str(v) for k, v in out.get("values", {}).items()},
                "dps": dps, "hypotheses": hypotheses}
    if params:
        raise InvalidArgument(f"{claim_id}:{check_name} has no witness evaluator: it re-runs the check, which takes "
                              f"no parameters (got {', '.join(params)})")
    from ._evidence import CheckResult

    res = CheckResult.from_json(_run_limited(
        lambda: execute_check(claim, chk, dps=dps, seed=0, quick=False).to_json(), (), timeout,
        what=f"the re-run of {claim_id}:{check_name}"))
    return {"violated": bool(res.witnesses), "verdict": res.verdict.value,
            "witnesses": [w.params | {"__values__": w.values} for w in res.witnesses], "dps": dps}


def _plain(out):
    """A replay's answer with its values as strings (picklable across the worker's pipe)."""
    if not isinstance(out, dict) or "violated" not in out:
        return out
    return {"violated": bool(out["violated"]), "values": {str(k): str(v) for k, v in out.get("values", {}).items()}}
