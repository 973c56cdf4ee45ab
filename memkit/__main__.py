"""`python -m memkit` runs the command line."""
from memkit.cli import main

main()
