"""SymPy domain code: exponential-sum L2 algebra, losses, derivatives, combinatorics, identities.

This layer imports neither `symrnn.numeric` nor `symrnn.train`.
"""
