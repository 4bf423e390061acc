"""`python -m cardgen` runs the command-line interface."""

from cardgen.cli import main

main()
