"""Check that the default test run exercises every module of cardgen (issue 36, item 3).

Run after `python -m coverage run -m pytest` (the default run: the tests not marked slow or
browser) and `python -m coverage json -o coverage.json`: every module under cardgen/ must be
imported, and a module that defines functions must have run at least one line of one of them
(a package's `__init__.py` that holds only its docstring has no line to run).
Prints each module that falls short, one a line, and exits 1 if any does.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def unexercised(report: dict[str, dict[str, Any]]) -> list[str]:
    """The modules of cardgen/ the run did not import, or whose functions never ran."""
    found = {str((ROOT / name).resolve().relative_to(ROOT)): data for name, data in report.items()}
    short = []
    for path in sorted((ROOT / "cardgen").rglob("*.py")):
        name = str(path.relative_to(ROOT))
        data = found.get(name)
        if data is not None and data["summary"]["num_statements"] == 0:
            continue  # a package's docstring alone: imported with any module under it
        if data is None or not data["executed_lines"]:
            short.append(f"{name}: not imported")
            continue
        functions = {key: value for key, value in data["functions"].items() if key}
        if functions and not any(f["executed_lines"] for f in functions.values()):
            names = ", ".join(sorted(functions)[:3]) + (", ..." if len(functions) > 3 else "")
            short.append(f"{name}: imported, but none of its functions ran ({names})")
    return short


def main() -> int:
    report = json.loads(Path(sys.argv[1] if len(sys.argv) > 1 else "coverage.json").read_text())
    short = unexercised(report["files"])
    for line in short:
        print(line)
    return 1 if short else 0


if __name__ == "__main__":
    sys.exit(main())
