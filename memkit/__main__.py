"""`python -m memkit` runs the command line."""
from memkit.entry import run

run()
