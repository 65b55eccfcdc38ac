"""The reduced problem J_omega (101) and its gradient flow (104) in high precision (mpmath), for the hitting times
tau_0 (105) and tau_0' (106) where double precision cannot be trusted.

Why: on the plateau the flow is driven by the long-memory terms Delta_{n,omega}(w) ~ e^{-1/omega} against the
short-memory Cauchy sums (129)-(130), which are O(1) and cancel on M* to that size; the state moves by amounts
of order e^{-1/omega} from an O(1) point.  In double precision both are lost from about 1/omega = 20.  Here the
working precision follows the size of those terms: dps = 20 + ceil((1/omega) / ln 10) (so 1/omega = 30 runs at
34 digits, 13 of which the e^{-1/omega} disparity uses), and the stiff extrapolation integrator of
symrnn.numeric.stiff_flow_mp measures its error on theta - theta_0, not on theta.

The formulas are written here again from the paper, apart from the double-precision module flow.py, so the two
paths share no code: (129)-(130) for the gradient, (136)-(140) for the Hessian, and the Gaussian-template moments
Delta_0(w) = c sigma sqrt(pi/2) e^{sigma^2 w^2/2 - w mu} erfc((sigma^2 w - mu)/(sigma sqrt 2)) with
Delta_{n+1} = (mu - sigma^2 w) Delta_n + n sigma^2 Delta_{n-1} + [n = 0] c sigma^2 e^{-mu^2/(2 sigma^2)} (integration
by parts of t^n e^{-wt} rho_0(t - mu)), mu = 1/omega."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from .._errors import InvalidArgument


def working_dps(inv_omega: float) -> int:
    """Digits for the flow at 1/omega: 20 plus the digits e^{-1/omega} takes from an O(1) number."""
    return 20 + math.ceil(float(inv_omega) / math.log(10))


class ReducedProblemMP:
    """J_omega, grad (129)-(130), Hess (136)-(140) at ctx's precision, for ReducedProblem's target."""

    def __init__(self, problem, ctx):
        self.ctx = ctx
        mp = ctx.mpf
        # the float parameters are taken exactly (every double is a dyadic rational)
        self.As = [mp(x) for x in problem.a_star]
        self.Ws = [mp(x) for x in problem.w_star]
        self.mu, self.c, self.sig = mp(problem.inv_omega), mp(problem.c), mp(problem.sigma)
        s2 = self.sig ** 2
        self.tail = self.c * s2 * ctx.exp(-self.mu ** 2 / (2 * s2))
        self.norm0 = self.c ** 2 * self.sig * ctx.sqrt(ctx.pi) / 2 * (1 + ctx.erf(self.mu / self.sig))
        self.star_star = sum(p * q / (u + v) for p, u in zip(self.As, self.Ws) for q, v in zip(self.As, self.Ws))
        self.star_tpl = sum(p * self.moments(u, 0)[0] for p, u in zip(self.As, self.Ws))

    def moments(self, w, nmax=2):
        ctx, mu, sig, c = self.ctx, self.mu, self.sig, self.c
        s2 = sig ** 2
        d = [c * sig * ctx.sqrt(ctx.pi / 2) * ctx.exp(s2 * w ** 2 / 2 - w * mu) * ctx.erfc((s2 * w - mu) / (sig * ctx.sqrt(2)))]
        prev = ctx.mpf(0)
        for n in range(nmax):
            nxt = (mu - s2 * w) * d[-1] + n * s2 * prev + (self.tail if n == 0 else 0)
            prev = d[-1]
            d.append(nxt)
        return d

    def loss(self, th):
        m = len(th) // 2
        a, w = th[:m], th[m:]
        model = sum(a[i] * a[j] / (w[i] + w[j]) for i in range(m) for j in range(m))
        cross = sum(a[i] * q / (w[i] + v) for i in range(m) for q, v in zip(self.As, self.Ws))
        tpl = sum(a[i] * self.moments(w[i], 0)[0] for i in range(m))
        return model - 2 * cross + self.star_star - 2 * tpl + 2 * self.star_tpl + self.norm0

    def _sums(self, a, w, i, power):
        """sum_j a_j/(w_i + w_j)^p - sum_k a*_k/(w_i + w*_k)^p."""
        return (sum(aj / (w[i] + wj) ** power for aj, wj in zip(a, w))
                - sum(q / (w[i] + v) ** power for q, v in zip(self.As, self.Ws)))

    def grad(self, th):
        m = len(th) // 2
        a, w = th[:m], th[m:]
        ga, gw = [], []
        for i in range(m):
            d0, d1 = self.moments(w[i], 1)
            ga.append(2 * self._sums(a, w, i, 1) - 2 * d0)                  # (129)
            gw.append(-2 * a[i] * self._sums(a, w, i, 2) + 2 * a[i] * d1)   # (130)
        return ga + gw

    def hess(self, th):
        ctx = self.ctx
        m = len(th) // 2
        a, w = th[:m], th[m:]
        H = [[ctx.mpf(0)] * (2 * m) for _ in range(2 * m)]
        for i in range(m):
            _, d1, d2 = self.moments(w[i], 2)
            S2, S3 = self._sums(a, w, i, 2), self._sums(a, w, i, 3)
            for j in range(m):
                P = w[i] + w[j]
                H[i][j] = 2 / P                                             # (136)
                H[i][m + j] = -2 * a[j] / P ** 2                            # (137)
                H[m + i][m + j] = 4 * a[i] * a[j] / P ** 3                  # (139)
            H[i][m + i] = -2 * S2 - a[i] / (2 * w[i] ** 2) + 2 * d1         # (138)
            H[m + i][m + i] = 4 * a[i] * S3 + a[i] ** 2 / (2 * w[i] ** 3) - 2 * a[i] * d2   # (140)
        for i in range(m):
            for j in range(m):
                H[m + j][i] = H[i][m + j]
        return H


class ReducedProblemArb:
    """The same J_omega, grad (129)-(130) and Hess (136)-(140) as ReducedProblemMP, in python-flint arb (C) at the
    current flint precision: the formulas line by line as above, with the w_i + w_j powers computed once per call."""

    def __init__(self, problem):
        from flint import arb

        self.arb = arb
        self.As = [arb(x) for x in problem.a_star]
        self.Ws = [arb(x) for x in problem.w_star]
        self.mu, self.c, self.sig = arb(problem.inv_omega), arb(problem.c), arb(problem.sigma)
        s2 = self.s2 = self.sig ** 2
        self.tail = self.c * s2 * (-self.mu ** 2 / (2 * s2)).exp()
        self.k0 = self.c * self.sig * (arb.pi() / 2).sqrt()
        self.rt2s = self.sig * arb(2).sqrt()
        from flint import ctx as fctx

        self._erfc_two = arb((fctx.prec + 8) * math.log(2))
        self.norm0 = self.c ** 2 * self.sig * arb.pi().sqrt() / 2 * (1 + (self.mu / self.sig).erf())
        self.star_star = sum((p * q / (u + v) for p, u in zip(self.As, self.Ws) for q, v in zip(self.As, self.Ws)),
                             arb(0))
        self.star_tpl = sum((p * self.moments(u, 0)[0] for p, u in zip(self.As, self.Ws)), arb(0))

    def moments(self, w, nmax=2):
        mu, s2 = self.mu, self.s2
        z = (s2 * w - mu) / self.rt2s
        if z < 0 and z * z > self._erfc_two:
            # erfc(z) = 2 - erfc(-z), erfc(-z) < e^{-z^2} < 2^{-prec - 8}: 2 to the working precision (Arb's erfc
            # at large negative z costs a series evaluation for nothing)
            d = [2 * self.k0 * (s2 * w * w / 2 - w * mu).exp()]
        else:
            d = [self.k0 * (s2 * w * w / 2 - w * mu).exp() * z.erfc()]
        prev = self.arb(0)
        for n in range(nmax):
            nxt = (mu - s2 * w) * d[-1] + n * s2 * prev
            if n == 0:
                nxt += self.tail
            prev = d[-1]
            d.append(nxt)
        return d

    def loss(self, th):
        m = len(th) // 2
        a, w = th[:m], th[m:]
        z = self.arb(0)
        model = sum((a[i] * a[j] / (w[i] + w[j]) for i in range(m) for j in range(m)), z)
        cross = sum((a[i] * q / (w[i] + v) for i in range(m) for q, v in zip(self.As, self.Ws)), z)
        tpl = sum((a[i] * self.moments(w[i], 0)[0] for i in range(m)), z)
        return model - 2 * cross + self.star_star - 2 * tpl + 2 * self.star_tpl + self.norm0

    def _inverse_powers(self, a, w, pmax):
        """S[p][i] = sum_j a_j/(w_i + w_j)^p - sum_k a*_k/(w_i + w*_k)^p for p = 1..pmax, and 1/(w_i + w_j).

        One pass per pair, the powers by repeated products (this is the flow's inner loop)."""
        m = len(a)
        inv = [[None] * m for _ in range(m)]
        for i in range(m):
            wi, row = w[i], inv[i]
            for j in range(i, m):
                row[j] = inv[j][i] = 1 / (wi + w[j])
        S = {p: [None] * m for p in range(1, pmax + 1)}
        for i in range(m):
            acc = [0] * (pmax + 1)
            for aj, r in zip(a, inv[i]):
                t = aj * r
                acc[1] += t
                for p in range(2, pmax + 1):
                    t *= r
                    acc[p] += t
            wi = w[i]
            for q, v in zip(self.As, self.Ws):
                r = 1 / (wi + v)
                t = q * r
                acc[1] -= t
                for p in range(2, pmax + 1):
                    t *= r
                    acc[p] -= t
            for p in range(1, pmax + 1):
                S[p][i] = acc[p]
        return S, inv

    def grad(self, th):
        m = len(th) // 2
        a, w = th[:m], th[m:]
        S, _ = self._inverse_powers(a, w, 2)
        ga, gw = [], []
        for i in range(m):
            d0, d1 = self.moments(w[i], 1)
            ga.append(2 * S[1][i] - 2 * d0)                                  # (129)
            gw.append(-2 * a[i] * S[2][i] + 2 * a[i] * d1)                   # (130)
        return ga + gw

    def hess(self, th):
        m = len(th) // 2
        a, w = th[:m], th[m:]
        S, inv = self._inverse_powers(a, w, 3)
        z = self.arb(0)
        H = [[z] * (2 * m) for _ in range(2 * m)]
        for i in range(m):
            _, d1, d2 = self.moments(w[i], 2)
            for j in range(m):
                r = inv[i][j]
                H[i][j] = 2 * r                                             # (136)
                H[i][m + j] = -2 * a[j] * r * r                             # (137)
                H[m + i][m + j] = 4 * a[i] * a[j] * r * r * r               # (139)
            H[i][m + i] = -2 * S[2][i] - a[i] / (2 * w[i] ** 2) + 2 * d1    # (138)
            H[m + i][m + i] = 4 * a[i] * S[3][i] + a[i] ** 2 / (2 * w[i] ** 3) - 2 * a[i] * d2   # (140)
        for i in range(m):
            for j in range(m):
                H[m + j][i] = H[i][m + j]
        return H


def working_bits(dps: int) -> int:
    """Bits for `dps` decimal digits."""
    return math.ceil(dps * math.log2(10))


@dataclass(frozen=True)
class HPHittingTimes:
    tau0: float | None
    tau0_loss: float | None
    status: str
    dps: int
    steps: int
    seconds: float
    path: str


PATHS = {"arb": "python-flint Arb (midpoints), linearly implicit Euler extrapolation (order 6), tau-time",
         "mpmath": "mpmath, linearly implicit Euler extrapolation (order 6), tau-time"}


def hitting_times_hp(problem, theta0, delta: float, *, dps: int | None = None, rtol: str = "1e-12",
                     tau_max: float = 1e40, stop: str = "tau0_loss", max_steps: int = 20000,
                     engine: str = "arb") -> HPHittingTimes:
    """tau_0 (105) and tau_0' (106) of the flow (104) from theta0, at `dps` digits (default working_dps(1/omega)).

    rtol: the local error per step on theta - theta_0 (and the relative accuracy of the located hitting times).
    stop="tau0" stops at tau_0 (tau_0' is then None); the default runs until tau_0'.
    engine: "arb" (python-flint, the default: same method and formulas, 20-40 times faster) or "mpmath" (the
    reference implementation)."""
    if stop not in ("tau0", "tau0_loss"):
        raise InvalidArgument(f"stop must be tau0 or tau0_loss, got {stop!r}")
    if engine not in PATHS:
        raise InvalidArgument(f"engine must be one of {sorted(PATHS)}, got {engine!r}")
    dps = dps or working_dps(problem.inv_omega)
    start = time.perf_counter()
    if engine == "arb":
        res = _run_arb(problem, theta0, delta, dps, float(rtol), tau_max, stop, max_steps)
        hits = res.hitting_times
    else:
        res = _run_mpmath(problem, theta0, delta, dps, rtol, tau_max, stop, max_steps)
        hits = {k: (float(v) if v is not None else None) for k, v in res.hitting_times.items()}
    return HPHittingTimes(hits.get("tau0"), hits.get("tau0_loss"), res.status, dps, res.steps,
                          time.perf_counter() - start, PATHS[engine])


def _run_arb(problem, theta0, delta, dps, rtol, tau_max, stop, max_steps):
    from flint import arb, ctx as fctx

    from ..numeric._stiff_arb import stiff_flow_arb

    bits = working_bits(dps)
    saved = fctx.prec
    fctx.prec = bits
    try:
        P = ReducedProblemArb(problem)
        th0 = [arb(float(x)) for x in theta0]
        J0 = P.loss(th0)
        d = arb(delta)

        def dist(t, y):
            return sum(((u - v) ** 2 for u, v in zip(y, th0)), arb(0)).sqrt() - d

        events = {"tau0": dist}
        if stop == "tau0_loss":
            events["tau0_loss"] = lambda t, y: abs(P.loss(y) - J0) - d
        return stiff_flow_arb(lambda y: [-g for g in P.grad(y)], lambda y: [[-h for h in row] for row in P.hess(y)],
                              th0, prec=bits, tau_max=tau_max, rtol=rtol, atol=10.0 ** (-(dps - 5)), events=events,
                              stop_at=stop, max_steps=max_steps)
    finally:
        fctx.prec = saved


def _run_mpmath(problem, theta0, delta, dps, rtol, tau_max, stop, max_steps):
    from ..numeric import context
    from ..numeric._stiff_mp import stiff_flow_mp

    ctx = context(dps)
    P = ReducedProblemMP(problem, ctx)
    th0 = [ctx.mpf(float(x)) for x in theta0]
    J0 = P.loss(th0)
    d = ctx.mpf(delta)
    events = {"tau0": lambda t, y: ctx.sqrt(ctx.fsum((u - v) ** 2 for u, v in zip(y, th0))) - d}
    if stop == "tau0_loss":
        events["tau0_loss"] = lambda t, y: abs(P.loss(y) - J0) - d
    return stiff_flow_mp(lambda y: [-g for g in P.grad(y)], lambda y: [[-h for h in row] for row in P.hess(y)], th0,
                         ctx=ctx, tau_max=tau_max, rtol=rtol, atol=ctx.mpf(10) ** (-(dps - 5)), events=events,
                         stop_at=stop, max_steps=max_steps)
