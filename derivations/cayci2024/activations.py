"""The activation families of this paper's checks (a module of its own: the experiments import it without the
symbolic helpers of _common, so an engine change to those helpers does not re-run the experiments)."""

import symrnn as sr

# tanh, logistic, Gaussian, sin, and scaled members a*act(b z + c) (constants (|a| s0, |ab| s1, |a| b^2 s2)); a scaled
# member reaches alpha sigma_1 >= 1 with alpha in (0, 1)
ACT = {**sr.numeric.ACTIVATIONS,
       "tanh2": sr.numeric.scaled(sr.numeric.ACTIVATIONS["tanh"], 2, 1),          # 2 tanh(z)
       "tanh_b2": sr.numeric.scaled(sr.numeric.ACTIVATIONS["tanh"], 1, 2),        # tanh(2 z)
       "logistic4": sr.numeric.scaled(sr.numeric.ACTIVATIONS["logistic"], 4, 1)}  # 4 logistic(z)
