"""Section 6: conclusion (ICLR 2021 numbering, camera-ready PDF).

The conclusion's statement about discrete time.

Claims, in paper order: concl_discrete.
"""

from __future__ import annotations

from . import paper


concl_discrete = paper.claim(
    "concl_discrete",
    kind="remark",
    label='unnumbered (Sec. 6) [concl_discrete]',
    where='Sec. 6 (Conclusion)',
    statement=r"""Here, we adopt a continuous-time approach in order gain access to more quantitative tools,
including classical results in approximation theory and stochastic analysis, which help us derive precise results in
approximation rates and optimization dynamics. The extension of these results to discrete time may be performed via
numerical analysis in subsequent work.""",
    notes=r"""Printed as an unnumbered claim. ICLR-only outlook sentence (no check). 'in
order gain access' [sic, missing 'to'].""",
    discursive="an outlook (the extension to discrete time is left to future work)",
)
