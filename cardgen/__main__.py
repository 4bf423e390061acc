"""`python -m cardgen` runs the command-line interface."""

from cardgen.cli import main

if __name__ == "__main__":
    main()
