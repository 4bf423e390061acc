"""`python -m cardgen` runs the command-line interface."""

from cardgen.app.cli import main

if __name__ == "__main__":
    main()
