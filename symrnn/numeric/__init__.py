"""High-precision numerics (mpmath; python-flint Arb balls where a certified enclosure is possible)."""

from ._expsum import (
    loss_closed_form as loss_closed_form,
    loss_quadrature as loss_quadrature,
    validate_expsum as validate_expsum,
)
from ._asymptotic import RatioTrend as RatioTrend, classify as classify, ratio_trend as ratio_trend
from ._certified import Enclosure as Enclosure, enclose_at_root as enclose_at_root
from ._flow import FlowResult as FlowResult, gradient_flow as gradient_flow
from ._inequality import SearchResult as SearchResult, Variable as Variable, search_inequality as search_inequality
from ._linalg import (
    Definiteness as Definiteness,
    EigenEnclosure as EigenEnclosure,
    certify_definite as certify_definite,
    eigen_enclosures as eigen_enclosures,
    eigvalsh as eigvalsh,
    eigvalsh_enclosed as eigvalsh_enclosed,
    weyl_enclosures as weyl_enclosures,
)
from ._arb import compile_arb as compile_arb, interval as interval, to_arb as to_arb
from ._branch_bound import BoxCertificate as BoxCertificate, certify_inequality as certify_inequality
from ._precision import agree as agree, context as context, exact as exact, to_mpf as to_mpf
from ._quadrature import integrate as integrate, quad as quad

__all__ = ["BoxCertificate", "Definiteness", "EigenEnclosure", "certify_definite", "certify_inequality", "compile_arb",
           "eigen_enclosures", "interval", "weyl_enclosures", "to_arb", "FlowResult", "gradient_flow", "RatioTrend", "classify", "ratio_trend", "Enclosure", "enclose_at_root", "agree", "context", "eigvalsh", "eigvalsh_enclosed", "exact", "integrate", "loss_closed_form", "loss_quadrature", "quad", "search_inequality", "SearchResult", "Variable", "to_mpf",
           "validate_expsum"]
from ._activations import (  # noqa: E402  (activation families and Elman-neuron derivatives)
    ACTIVATIONS as ACTIVATIONS, Activation as Activation, neuron_derivatives as neuron_derivatives, scaled as scaled,
    neuron_derivatives_np as neuron_derivatives_np, numpy_functions as numpy_functions,
)
__all__ += ["ACTIVATIONS", "Activation", "neuron_derivatives", "neuron_derivatives_np", "numpy_functions", "scaled"]
from ._arb import flint as flint_module, precision as arb_precision  # noqa: E402  (Arb balls for independent re-checks)
__all__ += ["arb_precision", "flint_module"]
from ._measures import (  # noqa: E402  (discrete measures on R: moments, exact Wasserstein, moment matching)
    DiscreteMeasure as DiscreteMeasure, MomentRange as MomentRange, divided_difference_weights as divided_difference_weights,
    moment_matching_pair as moment_matching_pair, moment_range as moment_range, support_diameter as support_diameter,
    wasserstein as wasserstein, wasserstein_pp as wasserstein_pp,
)
__all__ += ["DiscreteMeasure", "MomentRange", "divided_difference_weights", "moment_matching_pair", "moment_range",
            "support_diameter", "wasserstein", "wasserstein_pp"]
from ._expsum_mp import (  # noqa: E402  (exponential-sum L2 algebra in an explicit mpmath context)
    cauchy_inner as cauchy_inner, expsum_residual_norm_sq as expsum_residual_norm_sq,
)
__all__ += ["cauchy_inner", "expsum_residual_norm_sq"]
