"""Batched diagonal Elman networks in torch: symmetric initialisation, forward pass with the unrolled
gradients (forward mode), the tangent kernel, the linearisation, and (projected) gradient descent on
the summed square loss. Every tensor carries a leading seed axis S, so one program runs many seeds.

Shapes: W (S, m) the diagonal of the recurrent matrix; U (S, m, d); c (S, m); inputs X (n, T, d) or
(S, n, T, d); outputs F (S, n, T) with F[..., t-1] = F_t.

    symmetric_init(S, m, d, alpha, seed)     Definition-1-style mirrored initialisation (c, W(0), U(0))
    hidden(W, U, X, act)                     H_t for t = 1..T and its derivatives in (w_i, u_i)
    output(W, U, c, X, act)                  F_t = m^{-1/2} sum_i c_i H_t^{(i)}
    tangent_kernel(W, U, c, X, X2, act)      sum_i <d_{Theta_i} F_t(X), d_{Theta_i} F_t(X2)> for every t
    linearised(W, U, W0, U0, c, X, act)      F^Lin_t = sum_i <d_{Theta_i} F_t(Theta(0)), Theta_i - Theta_i(0)>
    project(W, U, W0, U0, rw, ru)            row-wise projection onto the max-norm balls
    descend(...)                             GD or max-norm projected GD, batched over seeds
    transport_target(X, alpha, vw, vu, act)  the infinite-width map F~_t(X; v_w, v_u) by Gauss-Hermite quadrature
    transport_point(W0, U0, c, vw, vu)       Theta-bar = Theta(0) + c_i v(Theta_i(0)) / sqrt(m)
"""

from __future__ import annotations

import math

from ._backend import torch as _torch_module


def _torch():
    return _torch_module()


ACT = {
    "tanh": (lambda z: z.tanh(), lambda z: 1 - z.tanh() ** 2),
    "logistic": (lambda z: z.sigmoid(), lambda z: z.sigmoid() * (1 - z.sigmoid())),
    "gaussian": (lambda z: (-z ** 2 / 2).exp(), lambda z: -z * (-z ** 2 / 2).exp()),
    "sin": (lambda z: z.sin(), lambda z: z.cos()),
}


def _act(name):
    if name not in ACT:
        raise ValueError(f"unknown activation {name!r}; choose one of {sorted(ACT)}")
    return ACT[name]


def symmetric_init(S: int, m: int, d: int, alpha: float, seed: int, *, mirrored: bool = True,
                   dtype=None):
    """c_i ~ Rad_1, V_i ~ Rad_alpha, U_i(0) ~ N(0, I_d) for i <= m/2 and mirrored copies
    (c_i = -c_{i-m/2}, V_i = V_{i-m/2}, U_i(0) = U_{i-m/2}(0)) for i > m/2; `mirrored=False` draws all m
    rows independently (a negative control). Returns (c, W0, U0) with a leading seed axis S."""
    torch = _torch()
    if m % 2:
        raise ValueError(f"the symmetric initialisation needs an even width, got m={m}")
    dtype = dtype or torch.float64
    g = torch.Generator().manual_seed(seed)
    half = m // 2 if mirrored else m
    c = torch.randint(0, 2, (S, half), generator=g).to(dtype) * 2 - 1
    V = (torch.randint(0, 2, (S, half), generator=g).to(dtype) * 2 - 1) * alpha
    U = torch.randn((S, half, d), generator=g, dtype=dtype)
    if mirrored:
        c, V, U = torch.cat([c, -c], 1), torch.cat([V, V], 1), torch.cat([U, U], 1)
    return c, V, U


def _batched_inputs(X, S):
    return X.unsqueeze(0).expand(S, *X.shape) if X.dim() == 3 else X


def hidden(W, U, X, act: str = "tanh", *, grads: bool = True):
    """H (S, n, T, m) for t = 1..T, with dH/dw (S, n, T, m) and dH/du (S, n, T, m, d) when `grads`
    (forward mode: dH_t = sigma'(a_t)(H_{t-1} + w dH_{t-1}) in w, sigma'(a_t)(w dH_{t-1} + X_{t-1}) in u)."""
    torch = _torch()
    f, fp = _act(act)
    S, m = W.shape
    X = _batched_inputs(X, S)
    n, T, d = X.shape[1:]
    h = torch.zeros(S, n, m, dtype=W.dtype)
    hw = torch.zeros_like(h)
    hu = torch.zeros(S, n, m, d, dtype=W.dtype)
    Hs, Hw, Hu = [], [], []
    Wb = W[:, None, :]
    for t in range(T):
        a = Wb * h + torch.einsum("smd,snd->snm", U, X[:, :, t, :])
        if grads:
            s1 = fp(a)
            hw = s1 * (h + Wb * hw)
            hu = s1[..., None] * (Wb[..., None] * hu + X[:, :, t, None, :])
            Hw.append(hw)
            Hu.append(hu)
        h = f(a)
        Hs.append(h)
    H = torch.stack(Hs, 2)
    if not grads:
        return H
    return H, torch.stack(Hw, 2), torch.stack(Hu, 2)


def output(W, U, c, X, act: str = "tanh"):
    """F (S, n, T): F_t = m^{-1/2} sum_i c_i H_t^{(i)}."""
    H = hidden(W, U, X, act, grads=False)
    return (H * c[:, None, None, :]).sum(-1) / math.sqrt(W.shape[1])


def tangent_kernel(W, U, c, X, X2, act: str = "tanh"):
    """K (S, n, n2, T): sum_i <d_{Theta_i} F_t(X), d_{Theta_i} F_t(X2)> = (1/m) sum_i c_i^2 (...)."""
    torch = _torch()
    _, Hw, Hu = hidden(W, U, X, act)
    _, Hw2, Hu2 = hidden(W, U, X2, act)
    cc = (c ** 2)[:, None, None, None, :]
    k = torch.einsum("satm,sbtm->sabtm", Hw, Hw2) + torch.einsum("satmd,sbtmd->sabtm", Hu, Hu2)
    return (k * cc).sum(-1) / W.shape[1]


def linearised(W, U, W0, U0, c, X, act: str = "tanh"):
    """F^Lin (S, n, T) = sum_i <d_{Theta_i} F_t(Theta(0)), Theta_i - Theta_i(0)>."""
    torch = _torch()
    _, Hw, Hu = hidden(W0, U0, X, act)
    dW, dU = W - W0, U - U0
    lin = Hw * dW[:, None, None, :] + torch.einsum("sntmd,smd->sntm", Hu, dU)
    return (lin * c[:, None, None, :]).sum(-1) / math.sqrt(W.shape[1])


def risk(F, Y):
    """(1) per seed: (1/n) sum_j sum_t (F - Y)^2, F and Y of shape (S, n, T) (Y may be (n, T))."""
    return ((F - Y) ** 2).sum(-1).mean(-1)


def project(W, U, W0, U0, rw: float, ru: float):
    """Row-wise projection onto {|W_ii - W_ii(0)| <= rw} x {||U_i - U_i(0)|| <= ru} (Euclidean per row)."""
    dW = (W - W0).clamp(-rw, rw)
    dU = U - U0
    norm = dU.norm(dim=-1, keepdim=True)
    scale = (ru / norm.clamp_min(1e-300)).clamp(max=1.0)
    return W0 + dW, U0 + dU * scale


def descend(W0, U0, c, X, Y, *, eta: float, steps: int, act: str = "tanh", radii=None, record_every: int = 1):
    """Full-batch gradient descent on (1) from (W0, U0), batched over seeds; `radii=(rho_w, rho_u)` gives
    the max-norm projected variant with per-row radii rho/sqrt(m). The gradient is exact (autograd).

    Returns a dict with 'risk' (steps+1 recorded values per seed, as a (R, S) tensor), 'dev_w' and
    'dev_u' (sqrt(m) max_i |W_ii(s) - W_ii(0)| and sqrt(m) max_i ||U_i(s) - U_i(0)||, same shape),
    'W', 'U' (final), 'Wbar', 'Ubar' (the average iterates over s < steps).
    """
    torch = _torch()
    m = W0.shape[1]
    W, U = W0.clone(), U0.clone()
    Wsum, Usum = torch.zeros_like(W), torch.zeros_like(U)
    risks, dws, dus = [], [], []
    for s in range(steps + 1):
        Wg = W.detach().requires_grad_(True)
        Ug = U.detach().requires_grad_(True)
        R = risk(output(Wg, Ug, c, X, act), Y)
        if s % record_every == 0 or s == steps:
            risks.append(R.detach())
            dws.append(math.sqrt(m) * (W - W0).abs().amax(-1))
            dus.append(math.sqrt(m) * (U - U0).norm(dim=-1).amax(-1))
        if s == steps:
            break
        Wsum += W
        Usum += U
        gW, gU = torch.autograd.grad(R.sum(), (Wg, Ug))
        W, U = W - eta * gW, U - eta * gU
        if radii is not None:
            W, U = project(W, U, W0, U0, radii[0] / math.sqrt(m), radii[1] / math.sqrt(m))
    return {"risk": torch.stack(risks), "dev_w": torch.stack(dws), "dev_u": torch.stack(dus), "W": W, "U": U,
            "Wbar": Wsum / max(steps, 1), "Ubar": Usum / max(steps, 1)}


def transport_target(X, alpha: float, vw, vu, act: str = "tanh", *, nodes: int = 64):
    """The infinite-width map F~_t([X]_t; v_w, v_u) = E[sum_k w0^k (v_u(u0)^T X_{t-k-1} + v_w(w0) h0_{t-k-1}) prod I0]
    for t = 1..T, i.e. E[v_w(w0) dH_t/dw + v_u(u0)^T dH_t/du] over w0 ~ Rad_alpha (exact two-point average) and
    u0 ~ N(0, I_d) (tensor-product Gauss-Hermite rule with `nodes` points per axis; d <= 2).

    Arguments: X (n, T, d); vw maps a tensor of w0 values to v_w(w0); vu maps (B, d) to (B, d).
    Returns (n, T). Raises ValueError for d > 2 (use Monte Carlo there)."""
    import numpy as np
    torch = _torch()
    n, T, d = X.shape
    if d > 2:
        raise ValueError(f"transport_target integrates d <= 2 by quadrature, got d={d}")
    x1, w1 = np.polynomial.hermite_e.hermegauss(nodes)
    w1 = w1 / w1.sum()
    grids = np.meshgrid(*([x1] * d), indexing="ij")
    U = torch.tensor(np.stack([g.ravel() for g in grids], -1), dtype=X.dtype)            # (B, d)
    wq = torch.tensor(np.prod(np.meshgrid(*([w1] * d), indexing="ij"), axis=0).ravel(), dtype=X.dtype)
    total = torch.zeros(n, T, dtype=X.dtype)
    for sign in (1.0, -1.0):
        Wn = torch.full((1, U.shape[0]), sign * alpha, dtype=X.dtype)
        _, Hw, Hu = hidden(Wn, U[None], X, act)                                           # (1, n, T, B), (1, n, T, B, d)
        Z = Hw[0] * vw(Wn[0])[None, None, :] + torch.einsum("ntbd,bd->ntb", Hu[0], vu(U))
        total = total + 0.5 * (Z * wq).sum(-1)
    return total


def transport_point(W0, U0, c, vw, vu):
    """Theta-bar of (20): W_ii = W_ii(0) + c_i v_w(W_ii(0))/sqrt(m), U_i = U_i(0) + c_i v_u(U_i(0))/sqrt(m).
    Shapes as in `symmetric_init`; vu acts on (S*m, d) rows."""
    S, m, d = U0.shape
    r = math.sqrt(m)
    Wb = W0 + c * vw(W0) / r
    Ub = U0 + c[..., None] * vu(U0.reshape(S * m, d)).reshape(S, m, d) / r
    return Wb, Ub
