"""Programmatic entry points mirroring the CLI: `check` and `replay`."""

from __future__ import annotations

from pathlib import Path

from ._cache import Cache
from ._errors import InvalidArgument
from ._registry import Registry
from ._runner import RunOptions, execute_check, find_check, run_checks


def check(*patterns: str, paths: list[str] | None = None, layers=None, jobs: int = 1, dps: int = 50,
          seed: int = 0, timeout: float = 600.0, cache_dir: str | None = None, use_cache: bool = True):
    """Run the checks of the claims matching `patterns`; returns the CheckResults.

    Example:
        >>> import symrnn
        >>> symrnn.check("nosuchpaper")  # doctest: +IGNORE_EXCEPTION_DETAIL
        Traceback (most recent call last):
        symrnn._errors.InvalidClaim: no claim matches 'nosuchpaper' ...
    """
    reg = Registry.discover([Path(p) for p in paths] if paths else None)
    claims = reg.select(list(patterns))
    opts = RunOptions(jobs=jobs, dps=dps, seed=seed, timeout=timeout, layers=tuple(layers) if layers else None,
                      cache=Cache(cache_dir) if use_cache else None, resolve=reg.get)
    return run_checks(claims, opts)


def replay(claim_id: str, check_name: str, *, dps: int = 50, paths: list[str] | None = None, **params: str) -> dict:
    """Re-evaluate a witness: `symrnn.replay("li2022.prop71", "endpoints", a1="0", ...)`.

    With a check that declares `replay=`, the witness parameters are evaluated at `dps`; a
    check without one is re-run (it is deterministic) and its witnesses are returned.
    """
    if dps < 15:
        raise InvalidArgument(f"dps must be at least 15, got {dps}")
    reg = Registry.discover([Path(p) for p in paths] if paths else None)
    claim = reg.get(claim_id)
    chk = find_check(claim, check_name)
    if chk.replay is not None:
        if not params:
            raise InvalidArgument(
                f"{claim_id}:{check_name} replays a witness: pass its parameters as key=value "
                "(the refutation in the report prints the exact command)")
        from ._context import _takes_printed

        params = {k: str(v) for k, v in params.items()}
        hypotheses = []
        for h in claim.hypotheses_for(check_name):
            try:
                res = h.test(dict(params))
            except Exception as exc:  # noqa: BLE001 - reported, the replay still runs
                res = (False, f"could not be decided: {type(exc).__name__}: {exc}")
            ok, why = res if isinstance(res, tuple) else (res, "")
            hypotheses.append({"name": h.name, "text": h.text, "holds": bool(ok), "how": h.how, "detail": str(why)})
        fn = chk.replay
        out = fn(dict(params), dps, dict(claim.printed)) if _takes_printed(fn) else fn(dict(params), dps)
        return {"violated": bool(out["violated"]), "values": {k: str(v) for k, v in out.get("values", {}).items()},
                "dps": dps, "hypotheses": hypotheses}
    res = execute_check(claim, chk, dps=dps, seed=0, quick=False)
    return {"violated": bool(res.witnesses), "verdict": res.verdict.value,
            "witnesses": [w.params | {"__values__": w.values} for w in res.witnesses], "dps": dps}
