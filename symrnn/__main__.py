"""`python -m symrnn` runs the command line."""
from .cli import main

main()
