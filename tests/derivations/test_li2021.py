"""The ICLR claim file: every claim maps to its JMLR twin; twins share runs; ICLR-only differences checked."""

import pytest

import symrnn as sr
from symrnn import Verdict
from symrnn._ledger import outcomes
from symrnn._registry import Registry
from symrnn._runner import RunOptions, run_checks

from ._shared import CACHE

# one pytest-xdist worker runs this module (its quick run is a module fixture) and its ICLR/JMLR twin
pytestmark = pytest.mark.xdist_group("li")

P, H, R, I, C = Verdict.PROVED, Verdict.HOLDS, Verdict.REFUTED, Verdict.INCONCLUSIVE, Verdict.CONFIRMED
PINNED = {
    "eq1_6": H, "eq7_9": H, "prop3_1": H, "thm4_1": H, "eq12": H, "thm4_2": R, "eq14": R, "eq15": P, "eq16": P,
    # ICLR-only Sec. 4: the (16) bound grows exponentially (proved); the true widths m(omega, eps) found by explicit
    # sums grow about linearly in 1/omega, which leaves the conjecture and the literature claim undecided
    "upper_m": P, "lower_conj": I, "lit_claim": I,
    # (19) = li2022.eq98, proved for every m and every rho by ctx.index_identity (issue 19 item 6)
    "eq18": H, "eq19": P, "thm5_1": H, "eq23": H, "lema_2": H, "proof4_1": H,
    # twins of li2022.thm14 and lemma15 with the same statement as code (issue 19): the existence is not checked
    "thma_1": I, "lema_1": I,
    "proof4_2": R, "appb": R, "eq72_78": H,
    # twin of li2022.rem19 (statements as code, issue 19): the compact-support half is argued through ||f||_inf, R
    "remc_1": H,
    # li2022.lemma27 item by item: the twin declares its owner's conclusion names (i, ii, iii)
    "lemc_1": P, "lemc_2": H, "lemc_3": H, "remc_2": H,
    "propc_1": H, "propc_2": H, "propc_3": H, "thmc_1": H, "remc_3": H, "remc_4": H, "eq117_118": H,
    # ICLR-only: (88) and (97) with the absolute-value Delta of (80) fail for sign-changing templates
    "eq88_91": R, "eq95_101": R,
    "lemd_1": R, "remd_1": P, "thmd_1": H, "thmd_2": H, "remd_2": H, "remd_3": H, "thmd_3": H,
    # Remark D.4 read as 'never attained' is refuted; as meant (loose on some spaces: exact fits) it is proved (issue 21)
    "remd_4": R, "remd_4_loose": P,
    "remd_5": H, "remd_6": R, "thmd_4": H, "thmd_5": H, "thmd_6": H, "remd_7": R, "thmd_7": H, "propd_1": R,
    # statement as code (issue 19): its first sentence restates Proposition D.1 (saddles on the line), not checked here
    "remd_8": I, "appe": R,
    # symrnn corrections beside the refuted claims (issue 8): the signed-moment forms and the JMLR corrections' twins
    "eq88_91_signed": H, "eq95_101_signed": H, "proof4_2_beta": H, "lemd_1_nonzero": H, "remd_6_positive_rates": H,
    "remd_7_alpha_half": H, "propd_1_item2_open": H, "appe_half": P,
    "fig1": C, "fig2": C, "fig3": I, "fig4": I,
    # ICLR-only: the s_0 sweep of Figure 1(b) does not show the predicted monotone trend at quick size
    "c31_s0": I,
}


def expected_pins():
    """Without torch the empirical figure checks are skipped (a missing optional dependency), not decided."""
    import importlib.util
    if importlib.util.find_spec("torch") is not None:
        return PINNED
    return {k: (Verdict.SKIPPED if k.startswith("fig") or k == "c31_s0" else v) for k, v in PINNED.items()}


@pytest.fixture(scope="session")      # not torn down when pytest-xdist interleaves modules
def registry():
    return Registry.discover()


def test_every_iclr_claim_is_mapped(registry):
    assert registry.lint() == []
    claims = [c for c in registry.papers["li2021"].claims.values() if c.kind != "correction"]
    assert len(claims) == 75          # the numbered items; symrnn's corrections are declared beside them
    for c in claims:
        assert c.same_as or c.checks or "JMLR counterpart" in c.notes or c.kind in ("figure", "remark", "definition"), c.id


@pytest.fixture(scope="session")      # not torn down when pytest-xdist interleaves modules
def quick_outcomes(registry):
    claims = registry.select(["li2021"])
    results = run_checks(claims, RunOptions(cache=CACHE, jobs=2, quick=True, timeout=900, resolve=registry.get))
    return outcomes(registry, claims, results)


def test_pinned_verdicts_quick_mode(quick_outcomes):
    got = {o.claim.key: o.verdict for o in quick_outcomes if o.verdict is not None}
    assert got == expected_pins()


def test_report_compiles_when_tex_is_present(quick_outcomes, tmp_path):
    import shutil

    from symrnn.report import build_pdf, write_report

    tex = write_report(quick_outcomes[0].claim.paper, quick_outcomes, tmp_path, dps=50, seed=0)
    if shutil.which("latexmk") is None:
        pytest.skip("no TeX here: the .tex was written, the PDF build is not exercised")
    pdf, message = build_pdf(tex)
    assert pdf is not None, message


def test_iclr_only_witness_replays():
    out = sr.replay("li2021.eq88_91", "absolute_delta", a="1/2,-1", w="1,3/2", astar="1", wstar="2", omega="1/2",
                    k="0", template="s_gauss")
    assert out["violated"]
    out = sr.replay("li2021.eq88_91", "absolute_delta", a="1/2,-1", w="1,3/2", astar="1", wstar="2", omega="1/2",
                    k="0", template="gaussian")
    assert not out["violated"]


@pytest.mark.parametrize("shape", ["constant", "decreasing", "cubic"])
def test_thm5_1_check_can_fail_on_hitting_times_that_do_not_grow_exponentially(registry, shape):
    """issue 8: the old check fitted c_0 to the data it tested, so these all passed."""
    import math

    from symrnn._context import CheckContext

    module = sr.load_claim_file(registry.papers["li2021"].module_file).sec5_optimisation   # Sec. 5: Theorem 5.1
    invs = [4, 6, 8, 10, 12]
    fake = {"constant": lambda k: 100.0, "decreasing": lambda k: 1000.0 / k, "cubic": lambda k: float(k) ** 3}[shape]
    taus = {(lab, k): fake(k) for lab in module.THM51_STARTS for k in invs}
    ctx = CheckContext(claim_id="li2021.thm5_1", check_name="t", dps=30, seed=0, printed={}, replay=None)
    assert module.thm51_judge(ctx, taus, module.THM51_STARTS, invs, 1e-2) is Verdict.INCONCLUSIVE
    assert ctx.record.findings[-1].against
    # exponential growth at the rate of Theorem C.1 passes
    good = {(lab, k): 5.0 / k ** 2 * math.exp(k) for lab in module.THM51_STARTS for k in invs}
    ctx = CheckContext(claim_id="li2021.thm5_1", check_name="t", dps=30, seed=0, printed={}, replay=None)
    assert module.thm51_judge(ctx, good, module.THM51_STARTS, invs, 1e-2) is Verdict.HOLDS


def test_the_gaussian_power_integrals_by_parts_equal_quadrature():
    """The closed form behind the signed moments (integration by parts, issue 23) against mpmath's quadrature of
    u^k e^{-c u^2} at 60 digits, on finite and infinite intervals (SymPy's own integrate took 24 s for the same)."""
    import mpmath
    import sympy as sp

    m = sr.load_paper("li2021").appC_dynamics
    cases = [(0, sp.Rational(1, 2), sp.Rational(-3, 2), sp.oo), (1, sp.Integer(1), sp.Integer(-2), sp.Rational(1, 3)),
             (2, sp.Rational(1, 2), sp.Rational(1, 2), sp.oo), (3, sp.Integer(1), sp.Rational(-1, 2), sp.oo),
             (4, sp.Rational(1, 2), sp.Integer(-1), sp.Integer(2)), (5, sp.Integer(2), sp.Integer(0), sp.oo)]
    with mpmath.workdps(60):
        for k, c, lo, hi in cases:
            got = sp.N(m._gauss_power_integral(k, c, lo, hi), 60)
            ends = [mpmath.inf if e is sp.oo else mpmath.mpf(sp.N(e, 70)) for e in (lo, hi)]
            want = mpmath.quad(lambda u: u ** k * mpmath.exp(-mpmath.mpf(sp.N(c, 70)) * u ** 2), [ends[0], 0, ends[1]]
                               if ends[0] < 0 < ends[1] else ends)
            assert abs(mpmath.mpf(str(got)) - want) < mpmath.mpf(10) ** -50, (k, c, lo, hi)
