"""SymPy domain code: exponential-sum L2 algebra, losses, combinatorics, deciding identities.

This layer imports neither `symrnn.numeric` nor `symrnn.train`.
"""

from ._combinatorics import (
    StirlingS2 as StirlingS2,
    labelled_partitions_with_rest as labelled_partitions_with_rest,
    ordered_partitions as ordered_partitions,
    stirling2 as stirling2,
    stirling_diagonal_polynomial as stirling_diagonal_polynomial,
    surjection_count as surjection_count,
)
from ._expsum import (
    ExpSumLoss as ExpSumLoss,
    exp_sum as exp_sum,
    expsum_gradient_formula as expsum_gradient_formula,
    expsum_hessian_formula as expsum_hessian_formula,
    expsum_loss as expsum_loss,
    expsum_residual_loss as expsum_residual_loss,
    inner_exp_sums as inner_exp_sums,
    integrate_exp_polynomial as integrate_exp_polynomial,
    laplace_power_integral as laplace_power_integral,
    template_moments as template_moments,
)
from ._identities import decide_identity as decide_identity
from ._index_sums import expand_sums as expand_sums, map_summands as map_summands
from ._matrices import congruent as congruent, exact_rank as exact_rank, instantiate as instantiate
from ._printed_eval import evaluate_printed as evaluate_printed

__all__ = [
    "StirlingS2", "congruent", "decide_identity", "exact_rank", "exp_sum", "expsum_loss", "inner_exp_sums", "instantiate",
    "integrate_exp_polynomial", "labelled_partitions_with_rest", "laplace_power_integral", "ordered_partitions",
    "stirling2", "surjection_count", "template_moments",
    # exponential-sum losses with a template: closed form, gradient and Hessian; counts; printed formulas at witnesses
    "ExpSumLoss", "expsum_residual_loss", "expsum_gradient_formula", "expsum_hessian_formula",
    "stirling_diagonal_polynomial", "evaluate_printed",
    # sums over symbolic index ranges (ctx.index_identity decides identities between them)
    "expand_sums", "map_summands",
]
from ._elman import (  # noqa: E402  (diagonal Elman network, unrolled)
    activation_derivative as activation_derivative, gradient_sum_form as gradient_sum_form, mu0 as mu0, mu0_closed as mu0_closed, mu1 as mu1, mu1_closed as mu1_closed,
    network_output as network_output, reciprocal_polynomial as reciprocal_polynomial, relaxed_derivatives as relaxed_derivatives,
    unrolled_hidden as unrolled_hidden,
)
__all__ += ["activation_derivative", "gradient_sum_form", "mu0", "mu0_closed", "mu1", "mu1_closed", "network_output", "reciprocal_polynomial",
            "relaxed_derivatives", "unrolled_hidden"]
from ._statespace import (  # noqa: E402  (linear state-space models: impulse response, moment view, Hankel)
    delay_system as delay_system, hankel as hankel, impulse_response as impulse_response,
    matrix_gradient as matrix_gradient, moment_response as moment_response, population_loss as population_loss,
    run_recursion as run_recursion, symbolic_system as symbolic_system, symmetric_gradient as symmetric_gradient,
    vandermonde as vandermonde,
)
__all__ += ["delay_system", "hankel", "impulse_response", "matrix_gradient", "moment_response", "population_loss",
            "run_recursion", "symbolic_system", "symmetric_gradient", "vandermonde"]
