"""The JMLR claim file end to end: every claim checked, verdicts pinned, witnesses replayable."""

import pytest

import symrnn as sr
from symrnn import Verdict
from symrnn._ledger import outcomes
from symrnn._registry import Registry
from symrnn._runner import RunOptions, run_checks

from ._shared import CACHE

# one pytest-xdist worker runs this module (its quick run is a module fixture) and its ICLR/JMLR twin
pytestmark = pytest.mark.xdist_group("li")

# issue 2's list of claims that must carry a verdict
REQUIRED = [
    "eq36", "eq37", "eq38", "eq39", "eq95", "eq97", "eq98", "eq101", "proof27_i1", "proof27_i2", "lemma28", "lemma30",
    "rem31", "eq129", "eq130", "eq131", "eq136", "eq137", "eq138", "eq139", "eq140", "eq142", "rem56", "thm57",
    "eq220", "thm58", "eq224", "thm58_proof_iii", "thm61", "eq225", "eq226", "eq227", "eq228", "prop71",
    "prop71_a", "prop71_congruence", "eq236", "eq237", "eq238", "prop71_case_ii_chain",
]

P, H, R, I, C = Verdict.PROVED, Verdict.HOLDS, Verdict.REFUTED, Verdict.INCONCLUSIVE, Verdict.CONFIRMED
Ce = Verdict.CERTIFIED
PINNED = {
    # Theorem 10's 1/beta is wrong (time rescaling); the slip is in (67)
    "thm10": R, "thm10_no_beta": H, "eq67": R,
    # the last '=' of (36) needs sup_{t>=0} e^{beta t}|rho~(t)| = omega e^{beta T}/T^{1+omega}; the sup is >= rho(0)
    "eq36": R,
    # (37): only the beta = 2/T step is proved; the bound rests on (36)'s refuted '=' and is undecided (issue 21)
    "eq37": I, "eq38": P, "eq39": P, "eq95": H, "eq97": P, "eq98": P, "eq101": H, "lemma27": P, "lemma27_explicit": P,
    "proof27_i1": H, "proof27_i2": H, "lemma28": H, "lemma30": H, "rem31": H, "prop32": H, "prop33": H, "prop34": H,
    "eq131": P,
    # issue 19 item 6: the gradient and Hessian identities for every m, m* (ctx.index_identity: the coincidence cases
    # of the summed indices decided in generic symbols), no longer the sizes m <= 3, m* <= 2 only; with (97), (98) (a
    # general rho through its Laplace moments) and (225)-(227) below
    "eq129": P, "eq130": P, "eq136": P, "eq137": P, "eq138": P, "eq139": P, "eq140": P, "eq142": P,
    # issue 19: footnote 12's argument splits lambda != 0 / lambda = 0, tau > 0 / tau = 0 (ctx.cases): in each case h
    # is the integral int_0^tau e^{-lambda s} ds, the engine decides that the cases exhaust lambda in R, tau >= 0, and
    # the integral's derivative has a negative integrand at every real lambda; a search over pairs lambda_1 < lambda_2
    # around 0 is the route by which a perturbed h (a jump at lambda = 0) is refuted
    "proof20_fn12": P, "lemma38": H,
    # statements as code (issue 19): the sentence that ||a_0||_1 = O(1) is necessary is not checked
    "rem39": I,
    "prop44": H,
    # footnote 21 for every dimension: exact reduction to a 2x2 Gram problem on [0, 1/2] x [-1, 1] + Arb boxes
    "fn21": Ce, "rem56": P, "thm57": H, "eq220": H, "thm58": H,
    # issue 19: (224)'s sentence 'N != empty and M = sup N >= m' is unaddressed
    "eq224": I, "thm58_proof_iii": H, "thm61": H, "eq225": P, "eq226": P, "eq227": P, "eq228": H,
    # Proposition 71 item 2 fails at the endpoints of the closed interval I_1 (certified witness below)
    "prop71": R, "prop71_item2_open": H, "prop71_a": P, "prop71_congruence": I, "eq236": P, "eq237": P,
    "eq238": P,
    # the printed third line of the case-(ii) chain drops a factor 16
    "prop71_case_ii_chain": R, "prop71_case_ii_chain_16": P,
    # Appendix B: footnote 30's O(sqrt(eta)) needs rho = 1; l_2(tau_2) is about -delta_0/2, not O(eps) - delta_0;
    # (240)'s discrete identity is proved for every rho, its continuous analogue only at the instance rho = 1
    "appb1": P, "eq240": H, "fn30": R, "appb2": P, "appb2_chain": R, "appb2_chain_half": P, "appb": P,
    # Appendix A: Lemma 55 needs rho != 0; its proof's 'for any w'; Remark 65's w_1^* = 0; Remark 69 needs alpha > 1/2
    "lemma55": R, "lemma55_proof": R, "lemma55_nonzero": H, "rem65": R, "rem69": R,
    # Remark 24: (115) at eps = tau = 0 gives e^{w/(2 omega)}, not (109)'s e^{w/omega}; Remark 26's algebra holds
    "rem24": R, "rem26": H, "thm20": H,
    # Sections 3-5: Theorem 11 fails for non-normal W (transient growth; (84) has no universal c_0); (35) as
    # printed (H~_0 = 0 with the int_0^t of (34)); (47) with mu = -mu_0 read literally (a reading: the reflection is meant)
    "def2": H, "def3": H, "def4": H, "def5": H, "prop6": H, "thm7": H, "eq61": H, "lemma16": H,
    # statements as code (issue 19): the existence of the representing measure / kernel is not checked (only the
    # norm identities and continuity are)
    "thm14": I, "lemma15": I,
    "eq33": H, "eq35_zero_past": H, "eq47_reflected": H, "thm11_uniform": H,
    "thm11": R, "eq84": R, "eq35": R, "eq47": R,
    # (47)'s norm chain (split from eq47, issue 21): ||mu_0||_1([0, oo)) where (-oo, 0] is needed
    "eq47_norm": R, "eq47_norm_left": H,
    # Section 7.2: the last step of (160); Corollary 47's last sentence and its H_1 + H_2
    "lemma40": H, "lemma42": H, "rem43": H, "prop45": H, "prop46": H, "cor47_corrected": H, "thm23": H,
    "lemma40_eq160": R, "cor47": R, "cor47_proof": R, "proof23": I,
    # Appendix A: Remark 62 ("not sharp") read as 'never attained': the rank bound of Theorem 61 is attained (exact rank at an
    # algebraic point); as meant, loose on some spaces: exact rank 2d < m + d at an exact fit (issue 21: a reading)
    "rem59": H, "rem60": H, "rem62": R, "rem62_loose": P, "rem63": H, "thm66": H, "thm67": H, "thm68": H, "thm70": H,
    # Section 7.3
    "lemma48": H, "lemma49": H, "lemma50": H, "lemma51": H, "lemma52": H, "proof25": P, "thm25": H,
    # Sections 6.2 / 7.1: Remark 22's O(||a_0||_1 + 1) (J is quadratic in a) and its 'iff'; the loss step of the
    # proof of Theorem 20 without the Taylor factor 1/2
    "eq103": H, "rem21": H,
    # statements as code (issue 19): the compact-support half is argued through ||f||_inf and R, f not kept symbolic
    "rem19": H, "rem22": R, "rem22_corrected": H,
    # issue 19: the proof of Theorem 20 asserts tau_0 > 0 'by continuity' and (151); no check addresses them
    "proof20": I, "proof20_loss": R,
    "proof20_loss_half": H, "rem35": H,
    # symrnn corrections and intended readings declared beside the refuted claims (issue 8)
    # issue 19: cor47_proof_factor2's '(i), (ii) then give (192)' is unaddressed
    "eq67_beta": H, "lemma40_eq160_sqrt2": H, "cor47_proof_factor2": I, "lemma55_proof_some_w": H,
    "rem65_positive_rates": H, "rem69_alpha_half": H, "fn30_scaled": H, "rem24_qualitative": P,
    # Figures (empirical, quick mode): fig1's predictions hold; fig2's too, with the escape measured halfway down to
    # the loss the m = 2 model reaches (a halving failed its positive control); fig3 (at quick size the interval of the
    # slope's change is too wide to call the curves almost linear) and fig4 (quick mode does not decide)
    "fig1": C, "fig2": C, "fig3": I, "fig4": I,
}


def expected_pins():
    """Without torch the empirical figure checks are skipped (a missing optional dependency), not decided."""
    import importlib.util
    if importlib.util.find_spec("torch") is not None:
        return PINNED
    return {k: (Verdict.SKIPPED if k.startswith("fig") else v) for k, v in PINNED.items()}


@pytest.fixture(scope="session")      # not torn down when pytest-xdist interleaves modules
def registry():
    return Registry.discover()


def run(registry, quick, layers=None):
    claims = registry.select(["li2022"])
    results = run_checks(claims, RunOptions(cache=CACHE, jobs=2, quick=quick, timeout=900, layers=layers))
    return {o.claim.key: o for o in outcomes(registry, claims, results)}


def test_claim_file_is_clean(registry):
    assert registry.lint() == []
    keys = set(registry.papers["li2022"].claims)
    assert set(REQUIRED) <= keys
    for key in REQUIRED:
        assert registry.get(f"li2022.{key}").checks, key


@pytest.fixture(scope="session")      # not torn down when pytest-xdist interleaves modules
def quick_outcomes(registry):
    return run(registry, quick=True)


def test_pinned_verdicts_quick_mode(quick_outcomes):
    got = {k: o.verdict for k, o in quick_outcomes.items() if o.verdict is not None}
    assert got == expected_pins()
    unchecked = {k for k, o in quick_outcomes.items() if o.verdict is None}
    assert unchecked.isdisjoint(REQUIRED)


def test_prop71_witness_is_certified_and_replays(quick_outcomes):
    item2 = next(r for r in quick_outcomes["prop71"].results if r.check == "item2")
    assert item2.verdict is R
    (w,) = item2.witnesses
    assert w.params == {"astar1": "1", "astar2": "1", "wstar1": "1", "wstar2": "2", "a1": "0"}
    for dps in (50, 100):
        out = sr.replay("li2022.prop71", "item2", dps=dps, **w.params)
        assert out["violated"] and out["values"]["kernel of A exact"] == "True"
    # an interior point of I_1 is not a witness: there lambda_min really is negative
    with pytest.raises(sr.InvalidArgument, match="endpoints"):
        sr.replay("li2022.prop71", "item2", **{**w.params, "a1": "1/2"})


def test_eq36_witness_replays(quick_outcomes):
    sup = next(r for r in quick_outcomes["eq36"].results if r.check == "supremum")
    (w,) = sup.witnesses
    # the kernel omega t^2 (1+t)^{-(3+omega)} has rho(0) = rho'(0) = 0 (Theorem 10 needs y in C^2(R)); the earlier
    # witness omega (1+t)^{-(1+omega)} had rho(0) = omega and is no counterexample (issue 8)
    assert w.params == {"kernel": "omega*t**2*(1+t)**(-3-omega)", "t1": "2", "omega": "1/10", "T": "100", "beta": "1/50"}
    assert [h[0] for h in w.hypotheses] == ["theorem10_setting", "smoothness", "rho_33", "untruncated_at_t1"]
    out = sr.replay("li2022.eq36", "supremum", dps=80, kernel="omega*t**2*(1+t)**(-3-omega)", t1="2", omega="1/2",
                    T="100", beta="1/50")
    assert out["violated"] and out["values"]["ratio lower bound"].startswith("12.04809588")
    assert all(h["holds"] for h in out["hypotheses"])


def test_case_ii_chain_refutation_is_the_missing_factor(quick_outcomes):
    (r,) = quick_outcomes["prop71_case_ii_chain"].results
    bad = [f for f in r.findings if f.verdict is R]
    assert [f.title for f in bad] == ["line 3 = line 4"]
    (w,) = r.witnesses
    assert w.independent and "mpmath" in w.recheck and [h[0] for h in w.hypotheses][:1] == ["case_ii"]


def test_every_refutation_states_its_hypotheses_and_independent_evaluators(quick_outcomes):
    """Issue 8: every refuted claim carries a severity, and every witness lists the hypotheses verified at it and
    two different evaluators."""
    for key, o in quick_outcomes.items():
        if o.verdict is not R:
            continue
        assert o.severity is not None, key
        for r in o.results:
            for w in r.witnesses:
                assert w.independent and len(set(w.evaluators)) == 2, (key, r.check, w.evaluators)
                if o.claim.assumptions or o.claim.hypotheses_for(r.check):
                    assert w.hypotheses, (key, r.check)


def test_severities(quick_outcomes):
    stated = {"thm10": "false statement", "thm11": "false statement", "eq36": "false statement",
              "rem62": "reading", "eq84": "false statement", "rem24": "reading", "fn30": "reading",
              "eq67": "slip", "eq35": "slip", "eq47": "reading", "eq47_norm": "slip", "rem22": "slip", "proof20_loss": "slip",
              "lemma40_eq160": "slip", "appb2_chain": "slip", "rem69": "slip", "prop71": "slip"}
    for key, level in stated.items():
        assert quick_outcomes[key].severity.level == level, (key, quick_outcomes[key].severity)


@pytest.mark.slow
def test_pinned_verdicts_full_mode(registry):
    # the empirical layer's full mode is the paper-sized training (minutes to hours): `symrnn reproduce --full`
    got = {k: o.verdict for k, o in run(registry, quick=False, layers=("symbolic", "numeric", "property")).items()
           if o.verdict is not None}
    assert got == {k: v for k, v in PINNED.items() if not k.startswith("fig")}


def test_report_compiles_when_tex_is_present(quick_outcomes, tmp_path):
    import shutil

    from symrnn.report import build_pdf, write_report

    outs = list(quick_outcomes.values())
    tex = write_report(outs[0].claim.paper, outs, tmp_path, dps=50, seed=0)
    assert tex.read_text().count(r"\subsection*{") == len(outs)
    if shutil.which("latexmk") is None:
        pytest.skip("no TeX here: the .tex was written and checked, the PDF build is not exercised")
    pdf, message = build_pdf(tex)
    assert pdf is not None, message


def test_general_in_the_declared_variables(registry):
    """Issue 19: rem56, (237) and symrnn's explicit Lemma 27 (iii) are proved in general, not at instances: their
    symbolic check covers the statement, every positive finding is general, and together the findings name every
    declared variable (m* for the sums; n, omega, w, t_0, c_0, c_1, M_0 and the template rho_0 for Lemma 27)."""
    from ._coverage import assert_general

    outs = assert_general(registry, "li2022", [("rem56", "laplace_transform"), ("eq237", "optimality"),
                                               ("lemma27_explicit", "explicit_constant")])
    assert set(outs["lemma27_explicit"].claim.variables) == {"n", "omega", "w", "t_0", "c_0", "c_1", "M_0", "rho_0"}
    # the templates are a positive control of the explicit constant, never the proof
    templates = next(r for r in outs["lemma27_explicit"].results if r.check == "templates")
    assert templates.verdict is H


def test_lemma27_is_proved_item_by_item(registry):
    """Lemma 27 (iii) is covered by the exact argument with C_n of lemma27_explicit (over n, omega, w and rho_0 kept
    symbolic); (i) (non-increasing, what the proof shows) and (ii) (dominated convergence) by the signs and the
    integral their proofs rest on, general in n, w, omega and rho_0. The numerical checks stay evidence."""
    from symrnn._coverage import coverage

    claim = registry.get("li2022.lemma27")
    results = run_checks([claim], RunOptions(cache=CACHE, jobs=1, quick=True, timeout=300, layers=("symbolic",)))
    by = {r.check: r for r in results}
    assert set(by) == {"general_i_ii", "explicit_iii"} and all(r.verdict is P for r in results)
    assert coverage(claim, by["explicit_iii"], registry.get).covers == {"iii"}
    cov = coverage(claim, by["general_i_ii"], registry.get)
    assert cov.covers == {"i", "ii"} and cov.reason == ""
    assert all(f.scope == "general" for r in results for f in r.findings if f.verdict.positive)
    assert PINNED["lemma27"] is P and PINNED["lemma27_explicit"] is P


def _targeted(registry, ids):
    claims = registry.select(ids)
    results = run_checks(claims, RunOptions(cache=CACHE, jobs=1, quick=True, timeout=600, resolve=registry.get))
    return {o.claim.key: o for o in outcomes(registry, claims, results)}


def test_remark62_is_a_reading_whose_intended_claim_is_proved_by_an_exact_rank(registry):
    """Issue 21: Remark 62 was weighed a false statement though it is refuted only when 'not sharp' means 'never
    attained'. As meant (the estimate is loose on some of Theorem 61's spaces) it holds: at lifted points of an exact
    fit (J_2 = 0, in the theorem's scope) the exact rank is 2d = 4 < m + d."""
    outs = _targeted(registry, ["li2022.rem62", "li2022.rem62_loose"])
    assert outs["rem62"].verdict is R and outs["rem62"].severity.level == "reading"
    loose = outs["rem62_loose"]
    assert loose.verdict is P
    (r,) = loose.results
    assert [f.verdict for f in r.findings] == [P, P] and all("rank 4 <" in f.title for f in r.findings)


def test_eq47_is_a_reading_and_its_norm_chain_a_slip(registry):
    """Issue 21: (47)'s 'mu = -mu_0' is the reflection (a reading whose intended claim eq47_reflected holds), not a slip;
    the norm chain's ||mu_0||_1([0, oo)) is a separate sentence and a slip (eq47_norm_left holds)."""
    outs = _targeted(registry, ["li2022.eq47", "li2022.eq47_reflected", "li2022.eq47_norm", "li2022.eq47_norm_left"])
    assert outs["eq47"].verdict is R and outs["eq47"].severity.level == "reading"
    assert outs["eq47"].claim.intended == "eq47_reflected" and outs["eq47_reflected"].verdict is H
    assert outs["eq47_norm"].verdict is R and outs["eq47_norm"].severity.level == "slip"
    (w,) = [w for r in outs["eq47"].results for w in r.witnesses]
    assert w.params["reading"] == "negated" and w.independent


def test_eq37_proves_only_the_minimisation_and_leaves_the_bound_open(registry):
    """Issue 21: (37) was 'proved' by a check of the beta = 2/T step alone. The bound is a declared conclusion; its check
    shows Theorem 10 at beta = 2/T gives order T^2/m (ratio to (37) unbounded) and leaves (37) itself undecided."""
    outs = _targeted(registry, ["li2022.eq37"])
    o = outs["eq37"]
    assert o.verdict is I
    assert set(o.claim.conclusion_names()) == {"minimiser", "bound"}
    by = {r.check: r for r in o.results}
    assert by["bound"].verdict is I
    # a limit the check computed with SymPy and handed over as a bool: evidence (holds), not an engine proof
    assert any(f.verdict is H and "unbounded in T" in f.title for f in by["bound"].findings)


INDEX_LOCALITY = ("eq97", "eq98", "eq129", "eq130", "eq136", "eq137", "eq138", "eq139", "eq140", "eq142", "eq225",
                  "eq226", "eq227")


def test_index_locality_claims_are_proved_for_every_m(registry):
    """Issue 19 item 6: the gradients (97)-(98) for a general rho (through its Laplace moments) and (129)-(130), the
    Hessian entries (136)-(140), (225)-(227) and the decomposition (142) are proved for every m, m* by their check
    every_m (ctx.index_identity over closed forms at symbolic sizes), not at the sizes m <= 3, m* <= 2 of the instance
    checks, which stay evidence and cover nothing."""
    from ._coverage import assert_general

    outs = assert_general(registry, "li2022", [(key, "every_m") for key in INDEX_LOCALITY])
    for key in INDEX_LOCALITY:
        assert PINNED[key] is P
        instances = [r for r in outs[key].results if r.check in ("closed_form", "decomposition", "general_target")]
        assert instances and not any(coverage_of(registry, outs[key], r).covers for r in instances), key


def coverage_of(registry, outcome, result):
    from symrnn._coverage import coverage

    return coverage(outcome.claim, result, registry.get)


def test_footnote12_is_proved_by_a_case_split_over_the_whole_declared_domain(registry):
    """Issue 19: footnote 12's h is split into lambda != 0 (the printed formula), lambda = 0 with tau > 0 and tau = 0
    (the footnote's conventions); the engine decides that the cases exhaust lambda in R, tau >= 0 (no narrowing of the
    declared domain), each case shows h = int_0^tau e^{-lambda s} ds over its part, and continuity at lambda = 0 is a
    step of the case lambda != 0. Perturbing the lambda = 0 convention breaks its case (not proved)."""
    from ._coverage import assert_general

    outs = assert_general(registry, "li2022", [("proof20_fn12", "monotone")])
    o = outs["proof20_fn12"]
    assert PINNED["proof20_fn12"] is P
    assert {k: d.describe() for k, d in o.claim.variables.items()} == {
        "tau": "any tau >= 0", "lambda": "lambda in R (h(tau; 0) = tau and h(0; lambda) = 0 by footnote 12)"}
    monotone = next(r for r in o.results if r.check == "monotone")
    (split,) = [f for f in monotone.findings if f.title.startswith("case split:")]
    assert split.scope == "general" and "the cases exhaust the declared domain" in split.detail
    (table,) = [t for t in monotone.tables if t.caption.startswith("case split:")]
    assert [r[0] for r in table.rows] == ["lambda != 0", "lambda = 0, tau > 0", "tau = 0"]
    assert all(r[-1] == "covers its part" for r in table.rows)
    assert any("continuity at lambda = 0" in f.title for f in monotone.findings if f.scope == "case")
    # the convention h(tau; 0) = tau, perturbed, fails its case: a gap in the proof, and the pairs search refutes the
    # statement itself (h jumps at lambda = 0)
    from symrnn._runner import execute_check

    claim = o.claim
    printed = {**claim.printed, "h0": 2 * claim.printed["h0"]}
    bad = execute_check(claim, claim.checks[0], dps=30, seed=0, quick=True, printed=printed)
    assert claim.checks[0].name == "monotone" and bad.verdict is Verdict.INCONCLUSIVE and not bad.witnesses
    refuted = execute_check(claim, claim.checks[1], dps=30, seed=0, quick=True, printed=printed)
    assert refuted.verdict is Verdict.REFUTED and set(refuted.witnesses[0].params) == {"tau", "lambda_1", "lambda_2"}

