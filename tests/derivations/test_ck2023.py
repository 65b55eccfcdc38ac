"""Cohen-Karlik et al. (ICLR 2023) end to end in quick mode: every numbered statement has a verdict, verdicts are
pinned, refutation witnesses replay, and the severities are what the dependency graph gives."""

import importlib.util

import pytest

import symrnn as sr
from symrnn import Verdict
from symrnn._ledger import outcomes
from symrnn._registry import Registry
from symrnn._runner import RunOptions, run_checks

from ._shared import CACHE

# one pytest-xdist worker runs this module (its quick run is a module fixture)
pytestmark = pytest.mark.xdist_group("ck2023")

P, H, R, I, C, Ce = (Verdict.PROVED, Verdict.HOLDS, Verdict.REFUTED, Verdict.INCONCLUSIVE, Verdict.CONFIRMED,
                     Verdict.CERTIFIED)

PINNED = {
    # Sec. 3
    "eq3_1": H, "def1": R, "def1_shifted": H, "eq3_2": H, "eq3_3": H, "eq3_4": H, "def2": H, "prop3": H, "eq3_6": H,
    "def4": H,
    # Sec. 4
    "thm5": H, "lemma6": H, "lemma7": H, "ext_cohen_yeredor_thm1": H, "ext_wu_yang_lemma4": H, "thm8": H, "eq4_1": I,
    "ext_wu_yang_prop2": H, "ext_panaretos_zemel_2_3": H, "ext_biswas_mackey_1_2": H, "prop9": H, "prop_e11": H,
    # Sec. 5 and App. B (quick mode): Figure 1(b) confirmed; Figure 4 (eps-normal init, 5 teacher draws x horizons
    # 40/100) confirmed at every draw and horizon; Figures 1(a), 3(a), 5 (5 teacher draws x horizons 40/100) depend on
    # the draw and the horizon (each prediction holds at some choices, fails at others); 3(b), 6 miss one prediction
    # (6: the quick k = 20 student, empirical loss (3.3) and at most 1500 steps, is not below 0.1); Figures 2(a), 2(b)
    # over five GRU teachers (issue 20): the 4 d^_g threshold appears for some teachers only (depends on the teacher)
    "fig1a": I, "fig1b": C, "fig2a": I, "fig2b": I, "fig3a": I, "fig3b": I, "fig4": C, "fig5": I, "fig6": I,
    # App. A, C, D
    "lemma_a1": H, "lemma_a1_tight": P, "ext_wu_yang_lemma30": H, "cor_a2": H, "eq_c1": H, "eq_d1": H, "eq_d2": H, "eq_d3": P,
    "app_d2": R, "app_d2_abs": I, "app_d3": I,
    # App. E.1-E.2
    "lemma_e1": H, "eq_e2_e8": H, "prop_e2": H, "lemma_e3": H, "lemma_e4": R, "lemma_e4_factor2": H,
    "eq_e11_e12": H, "eq_e13": R, "eq_e13_cab": H, "eq_e14": R, "eq_e14_factor2": H, "eq_e15_e16": R,
    "eq_e15_e16_factor2": H, "lemma_e5": H, "lemma_e6": H, "eq_e17": R, "eq_e17_factor2": H, "eq_e18": H,
    "ext_elkabetz_cohen_thm3": H, "lemma_e7": H, "eq_e20": H, "eq_e21_e22": R, "eq_e21_e22_factor2": H,
    "eq_e23_e25": H, "lemma_e8": H, "eq_e26_e27": H,
    # App. E.3
    "thm_e9": H, "eq_e28": H, "eq_e29_e33": I, "eq_e34": P, "eq_e35": R, "eq_e35_sqrt": H, "eq_e36": R, "eq_e36_moments": H,
    "thm_e9_gamma": R,
    "thm_e9_gamma_2tau": H, "eq_e37": R, "eq_e37_lipschitz": H,
    # App. E.4
    "lemma_e10": H, "ext_laurent_massart_lemma1": H, "eq_e39_e44": I, "eq_e46": H, "lemma_e12": H, "lemma_e13": H,
    "prob_e13": R, "prob_e13_corrected": H, "eq_e56_e57": H, "eq_e58": R, "eq_e58_factor2": H,
    "eq_e59": H, "eq_e60": H, "eq_e61": R, "eq_e61_direct": H, "eq_e62": R, "eq_e62_squares": H, "eq_e63_e64": H, "eq_e65": R, "eq_e65_le": H,
    "eq_e66_e71": I, "eq_e72_e75": P, "eq_e76": R, "eq_e76_horizon": P, "eq_e77": R, "eq_e77_horizon": P, "eq_e78_e80": H, "eq_e81": R, "eq_e81_factor2": H,
    "eq_e82_e86": H, "eq_e87_e89": I, "eq_e90": R, "eq_e90_le": P, "eq_e91_e96": I, "eq_e97": I, "eq_e98_e99": H,
    "lemma_e14": H, "eq_e52": R, "eq_e52_corrected": P, "eq_e53": R, "eq_e53_corrected": P, "eq_e54": H,
    "eq_e55": H, "eq_e100_e104": H, "eq_e105_e113": I, "eq_e109": R,
    "eq_e109_i1": H, "eq_e114_e118": I, "lemma_e15": R, "lemma_e15_m4": H, "eq_e121_e133": I, "eq_e134": R,
    "eq_e134_corrected": P, "eq_e135": R, "eq_e135_corrected": P, "eq_e136": R, "eq_e136_corrected": P,
}

SEVERITY = {
    "def1": "reading", "eq_e13": "reading", "lemma_e15": "reading",
    # issue 19: (E.36)'s "m^_j <= C^B^" with the normalised moments of (E.30); the unnormalised reading holds
    "eq_e36": "reading",
    # issue 21: (E.76)'s exponent error has a repair (horizon ln(1/eps^0.5)/(4kM), M_1 = 4: eq_e76_horizon)
    "eq_e76": "slip",
    # issue 21: (E.77) fails at an exact k = 1 witness (through (E.76)); on the repaired horizon it holds with M_1 = 4
    "eq_e77": "slip",
    # the dropped factor 2 of Lemma E.4 (propagated to (E.15)-(E.17), (E.21), (E.58)-(E.61), (E.81), (E.101)),
    # gamma <= tau + 1 (used by (E.37)) and (E.134)'s z(0) < 3 eps^2 (used by (E.135)-(E.136), Lemma E.15):
    # each has a holding correction, and so has every statement that uses it: slips
    "lemma_e4": "slip", "eq_e14": "slip", "eq_e58": "slip",
    "thm_e9_gamma": "slip", "eq_e134": "slip", "eq_e135": "slip", "eq_e136": "slip",
    "eq_e15_e16": "slip", "eq_e17": "slip", "eq_e21_e22": "slip", "eq_e81": "slip",
    "eq_e37": "slip", "prob_e13": "slip", "eq_e90": "slip", "eq_e109": "slip", "eq_e35": "slip",
    "eq_e52": "slip", "eq_e53": "slip", "eq_e61": "slip", "eq_e65": "slip", "eq_e62": "slip",
    # issue 19: the correction app_d2_abs is inconclusive (its second inequality is addressed by no check): a gap
    "app_d2": "gap",
}


def expected_pins():
    if importlib.util.find_spec("torch") is not None:
        return PINNED
    return {k: (Verdict.SKIPPED if k.startswith("fig") else v) for k, v in PINNED.items()}


@pytest.fixture(scope="session")      # not torn down when pytest-xdist interleaves modules
def registry():
    return Registry.discover()


@pytest.fixture(scope="session")      # not torn down when pytest-xdist interleaves modules
def quick_outcomes(registry):
    claims = registry.select(["ck2023"])
    results = run_checks(claims, RunOptions(cache=CACHE, jobs=2, quick=True, timeout=600, resolve=registry.get))
    return {o.claim.key: o for o in outcomes(registry, claims, results)}


def test_claim_file_is_clean(registry):
    assert registry.lint() == []
    paper = registry.papers["ck2023"]
    assert paper.strict and paper.cite
    for key, claim in paper.claims.items():
        assert claim.checks or claim.same_as, f"{key} has no check"


def test_pinned_verdicts_quick_mode(quick_outcomes):
    got = {k: o.verdict for k, o in quick_outcomes.items()}
    assert got == expected_pins()


def test_severities(quick_outcomes):
    got = {k: o.severity.level for k, o in quick_outcomes.items() if o.severity and k in SEVERITY}
    assert got == SEVERITY


def test_witnesses_replay_with_the_printed_formulas():
    out = sr.replay("ck2023.eq_e37", "first_inequality", ta="1", tw="1", sa="9/10,0,0,0", sw="1,0,0,0", k="3", q="2",
                    delta="461/10000")
    assert out["violated"]
    out = sr.replay("ck2023.prob_e13", "value", n="20")
    assert out["violated"] and str(out["values"]["(1 - 2 exp(-9 n/64))^3"]).startswith("0.6812")
    out = sr.replay("ck2023.lemma_e4", "witness", a="1", b="1", c="1", w0="0", w1="0")
    assert out["violated"]
    out = sr.replay("ck2023.eq_e77", "logistic", eps="1/100000000", u0="1/10000000000000000", w0="1", k="1",
                    s_frac="1/2", delta="1/1000")
    assert out["violated"]
    out = sr.replay("ck2023.eq_e77", "logistic", eps="1/10000", u0="1/100000000", w0="1", k="1", s_frac="1/2",
                    delta="1/1000")
    assert not out["violated"]          # at eps = 1e-4 the printed M_1 is not reached by s = ln(1/eps^0.5)/2


@pytest.mark.parametrize("symmetric", [False, True])
def test_the_gradient_flow_field_is_minus_the_gradient_of_the_truncated_loss(symmetric):
    """model.gf_field (shared by the Prop. 9 and Appendix E.4 flows) against central differences of
    L = sum_{i<k} (C A^i B - w_i)^2; in the symmetric setting A = S + S^T - diag(S) is differentiated through S."""
    import numpy as np

    from derivations.ck2023 import model

    d, k, w = 3, 3, np.array([1.0, 0.5, 0.25])
    rng = np.random.default_rng(1)
    A, B, C = 0.5 * rng.normal(size=(1, d, d)), rng.normal(size=(1, d)), rng.normal(size=(1, d))
    if symmetric:
        A = np.triu(A) + np.transpose(np.triu(A, 1), (0, 2, 1))

    def loss(A, B, C):
        return sum((C[0] @ np.linalg.matrix_power(A[0], i) @ B[0] - w[i]) ** 2 for i in range(k))

    fA, fB, fC = model.gf_field(d, k, w, symmetric=symmetric)(A, B, C)
    h = 1e-6
    for idx in np.ndindex(d):
        e = np.zeros((1, d))
        e[(0, *idx)] = h
        assert -fB[(0, *idx)] == pytest.approx((loss(A, B + e, C) - loss(A, B - e, C)) / (2 * h), rel=1e-6, abs=1e-8)
        assert -fC[(0, *idx)] == pytest.approx((loss(A, B, C + e) - loss(A, B, C - e)) / (2 * h), rel=1e-6, abs=1e-8)
    for i, j in np.ndindex(d, d):
        if symmetric and j < i:
            continue
        E = np.zeros((1, d, d))
        E[0, i, j] = h
        if symmetric:
            E[0, j, i] = h
        assert -fA[0, i, j] == pytest.approx((loss(A + E, B, C) - loss(A - E, B, C)) / (2 * h), rel=1e-6, abs=1e-8)


def test_general_in_the_declared_variables(registry):
    """Issue 19: proved for every value of the declared index variable, not at instances."""
    from ._coverage import assert_general

    assert_general(registry, "ck2023", [("eq_d3", "reindex"), ("eq_e34", "drop_square")])


def test_initialization_probability_of_the_events_the_proof_uses():
    """Issue 21: the five events of Lemma E.13's proof and (E.134)-(E.136) at d = 21: Lemma E.10's bounds give
    0.604 < 3/4, the exact chi^2 probabilities 0.9957 > 3/4 (Arb balls)."""
    import flint

    from derivations.ck2023.appE_4_proposition9 import _e13_bound_arb

    lem_d, ch_d, ex_d = _e13_bound_arb(21)
    lem_a, ch_a, ex_a = _e13_bound_arb(21 * 21)
    route, chern, exact = (a * (2 * b ** 2 - 1) for a, b in ((lem_a, lem_d), (ch_a, ch_d), (ex_a, ex_d)))
    assert route < flint.arb(3) / 4 and abs(float(route.mid()) - 0.6044) < 1e-4
    assert chern > flint.arb(3) / 4 and exact > chern
    assert abs(float(exact.mid()) - 0.99574) < 1e-5


@pytest.mark.parametrize("dh", [1, 2, 3, 4])
def test_tightness_witnesses_are_exact(dh):
    """Issue 21: k = 2d^ admits zero-loss, balanced, stable students (d = 2d^ + 1) that differ from the teacher at
    j = 2d^, from the LP (exact re-solve) and from the closed form; d^ = 1 is the issue's example."""
    from fractions import Fraction

    from derivations.ck2023.appA_lower_bound import (_TIGHT_TEACHERS, tight_student_interleaved, tight_student_lp,
                                                     verify_tight)

    atoms, weights = _TIGHT_TEACHERS[dh]
    lp = tight_student_lp(atoms, weights)
    assert lp is not None
    pts, nu = tight_student_interleaved(atoms, weights)
    for s_atoms, s_weights in (lp, ([p for p, w in zip(pts, nu) if w], [w for w in nu if w])):
        ok, facts, gap = verify_tight(dh, s_atoms, s_weights)
        assert ok, facts
        assert gap > 0 and len(s_atoms) <= 2 * dh + 1
        # the student's moments, computed again with Fractions: equal up to 2d^ - 1, different at 2d^
        mom = [sum(w * a ** j for a, w in zip(s_atoms, s_weights)) for j in range(2 * dh + 1)]
        ref = [sum(w * a ** j for a, w in zip(atoms, weights)) for j in range(2 * dh + 1)]
        assert mom[:-1] == ref[:-1] and mom[-1] != ref[-1]
    if dh == 1:
        assert lp == ([Fraction(-1), Fraction(1)], [Fraction(17, 20), Fraction(3, 20)])


def test_a_broken_tightness_witness_is_rejected():
    """verify_tight must fail a student that misses one moment (it is not a check that cannot fail)."""
    from fractions import Fraction

    from derivations.ck2023.appA_lower_bound import verify_tight

    ok, facts, _ = verify_tight(1, [Fraction(-1), Fraction(1)], [Fraction(4, 5), Fraction(1, 5)])
    assert not ok and not facts["zero loss: CA^jB = C^A^^jB^ for j < k"]
    ok, facts, _ = verify_tight(1, [Fraction(-11, 10), Fraction(1)], [Fraction(17, 20), Fraction(3, 20)])
    assert not ok and not facts["stable: eigenvalues of A^ and A in [-1, 1]"]



def test_the_engine_decides_the_tightness_witness_exactly_and_rejects_a_broken_one():
    """decide_tight hands the witness's numbers to ctx.exact and ctx.sign: proved for the LP student, not for a student
    that misses one moment or is unstable (a bool from the check could only make the claim `holds`)."""
    from fractions import Fraction

    from derivations.ck2023.appA_lower_bound import _TIGHT_TEACHERS, decide_tight, tight_student_lp
    from symrnn import Verdict
    from symrnn._context import CheckContext

    def run(s_atoms, s_weights):
        ctx = CheckContext(claim_id="ck2023.lemma_a1_tight", check_name="t", dps=30, seed=0, printed={}, replay=None)
        return decide_tight(ctx, 1, s_atoms, s_weights, "test"), [f.verdict for f in ctx.record.findings]

    ok, verdicts = run(*tight_student_lp(*_TIGHT_TEACHERS[1]))
    assert ok and verdicts == [Verdict.PROVED] * 3
    for bad in (([Fraction(-1), Fraction(1)], [Fraction(4, 5), Fraction(1, 5)]),
                ([Fraction(-11, 10), Fraction(1)], [Fraction(17, 20), Fraction(3, 20)])):
        ok, verdicts = run(*bad)
        assert not ok and Verdict.PROVED in verdicts and verdicts.count(Verdict.PROVED) < 3
