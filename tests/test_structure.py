"""The shape of the code: data flows one way, every module is named where a reader looks, the
library never prints."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "cardgen"
MODULES = sorted(PACKAGE.rglob("*.py"))
ARCHITECTURE = PACKAGE.parent / "docs" / "architecture.md"
DRAWS_ON_THE_TERMINAL = {"cli.py", "terminal.py"}
"""The modules of the command line: the only ones that print."""
LAYERS = ("words", "games", "cards", "render", "app")
"""cardgen's packages, lowest first: each imports only those before it (docs/architecture.md).
The shared helpers at the root sit below them all; the facade (`cardgen/__init__.py`) and
`python -m cardgen` above them all."""
UPWARD: dict[tuple[str, str], str] = {}
"""The imports allowed to run up the layers, (importer, imported): why each must."""
MAX_UPWARD = 3
MAX_ROOT_MODULES = 8
"""Small shared helpers at the root, besides `__init__` and `__main__`."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every cardgen module `path` imports, anywhere in it (deferred imports included); the
    root package itself is left out, since every submodule imports it first anyway."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1],
                                 *([base] if base else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    known = {module_name(p) for p in MODULES}
    return {m for m in found if m in known and m not in ("cardgen", name)}


def test_no_import_cycle() -> None:
    graph = {module_name(path): imports(path) for path in MODULES}
    state: dict[str, str] = {}

    def visit(module: str, trail: list[str]) -> None:
        if state.get(module) == "done":
            return
        if state.get(module) == "open":
            cycle = trail[trail.index(module):] + [module]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        state[module] = "open"
        for imported in sorted(graph[module]):
            visit(imported, [*trail, module])
        state[module] = "done"

    for module in sorted(graph):
        visit(module, [])


def layer(module: str) -> int:
    """Where a module sits: its package's index in LAYERS, -1 for a root helper."""
    parts = module.split(".")
    if module in ("cardgen", "cardgen.__main__"):
        return len(LAYERS)
    return LAYERS.index(parts[1]) if parts[1] in LAYERS else -1


def test_imports_run_down_the_layers() -> None:
    upward = {
        (module, imported)
        for module, found in ((module_name(path), imports(path)) for path in MODULES)
        for imported in found
        if layer(imported) > layer(module)
    }
    assert len(UPWARD) <= MAX_UPWARD
    assert sorted(upward) == sorted(UPWARD), "imports run app > render > cards > games > words"


def test_the_root_holds_only_the_packages_and_a_few_shared_helpers() -> None:
    folders = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    assert folders == set(LAYERS)
    helpers = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem not in ("__init__", "__main__"))
    assert len(helpers) <= MAX_ROOT_MODULES, helpers


@pytest.mark.parametrize("package", LAYERS)
def test_every_package_says_what_it_owns_and_may_import(package: str) -> None:
    """Its docstring names the package right below it (the lowest: the root's helpers)."""
    docstring = ast.get_docstring(ast.parse((PACKAGE / package / "__init__.py").read_text()))
    docstring = " ".join((docstring or "").split())
    index = LAYERS.index(package)
    below = f"`cardgen.{LAYERS[index - 1]}`" if index else "root's shared helpers"
    assert docstring and "import" in docstring and below in docstring, (package, below)


@pytest.mark.parametrize(
    "package", sorted(p.parent for p in PACKAGE.rglob("*/__init__.py")),
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_every_package_names_what_it_holds(package: Path) -> None:
    """Its `__init__` names each of its modules and subpackages (issue 36, item 4), so that a
    reader of the package learns where each concern lives."""
    docstring = ast.get_docstring(ast.parse((package / "__init__.py").read_text())) or ""
    held = [p.stem for p in package.glob("*.py") if p.stem != "__init__"]
    held += [f"{p.name}/" for p in package.iterdir() if (p / "__init__.py").exists()]
    assert [name for name in sorted(held) if f"`{name}`" not in docstring] == []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_architecture_page_names_every_module(path: Path) -> None:
    """A module is as long as its concern needs (structure3 retired the line cap), and
    docs/architecture.md names it in its package's row, so a reader finds where a change
    goes."""
    if path.name in ("__init__.py", "__main__.py"):
        return
    folder = path.parent.relative_to(PACKAGE.parent).as_posix()
    rows = [line for line in ARCHITECTURE.read_text(encoding="utf-8").splitlines()
            if line.startswith(f"| `{folder}/` |")]
    assert len(rows) == 1, f"docs/architecture.md has no row for {folder}/"
    assert f"`{path.stem}`" in rows[0], f"docs/architecture.md does not name {folder}/{path.name}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_private_module_of_a_library_is_imported(path: Path) -> None:
    """Public APIs only (issue 36, item 6): `typer._click` is typer's own, and changes in any
    release (0.29 dropped the `types` cardgen once imported from it)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                 else [])
        for name in names:
            if not name.startswith("cardgen"):
                private = [part for part in name.split(".") if part[:1] == "_" != part[1:2]]
                assert not private, (path, name)


NAMED_TUPLE_API = {"_replace", "_make", "_asdict", "_fields"}
"""A named tuple's public methods, named with an underscore so as not to clash with fields."""


def test_no_private_name_is_read_from_outside_its_class() -> None:
    """Issue 36 (public APIs only): a class's private names (`_index`, `_move`, a memo) are
    its own; another module asks its public methods (`index`, `move`, `per_table`). Only
    `self`, `cls` and, in an `__eq__`, `other` read them."""
    found = []
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr[:1] == "_" != node.attr[1:2]
                    and node.attr not in NAMED_TUPLE_API
                    and not (isinstance(node.value, ast.Name)
                             and node.value.id in ("self", "cls", "other"))):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {ast.unparse(node)}")
    assert found == []


@pytest.mark.parametrize(
    "path",
    [p for p in MODULES if p.name not in DRAWS_ON_THE_TERMINAL],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_the_library_prints_nothing(path: Path) -> None:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            text = ast.unparse(node.func)
            assert text not in ("print", "typer.echo"), f"{path.name}: {text}(...)"
            assert not text.startswith(("sys.stderr", "sys.stdout")), f"{path.name}: {text}"


def test_ci_runs_the_readme_commands_as_written() -> None:
    root = PACKAGE.parent
    readme = (root / "README.md").read_text(encoding="utf-8")
    ci = (root / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    commands = [
        "python3 -m venv .venv && . .venv/bin/activate",
        "python -m pip install -e . && cardgen build configs/twl06-2p.yaml",
        'python -m pip install -e ".[test]" && python -m pytest',
    ]
    for command in commands:
        assert command in readme
        assert command in [line.replace(" -q", "") for line in ci], command


def test_ci_tests_the_lowest_versions_pyproject_allows() -> None:
    """.ci/floors.txt pins every dependency, the test extra's too, to the lowest version
    pyproject.toml allows (each has one), and .ci/run runs the tests with those as well."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11 on
    root = PACKAGE.parent
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lowest: dict[str, list[str]] = {}
    for requirement in [*project["dependencies"], *project["optional-dependencies"]["test"]]:
        name = re.match(r"[A-Za-z0-9._-]+", requirement)
        assert name, requirement
        specifiers = [s.strip() for s in requirement[name.end():].split(",")]
        lowest[name.group()] = [s[2:] for s in specifiers if s.startswith((">=", "=="))]
    floors: dict[str, list[str]] = {}
    for line in (root / ".ci" / "floors.txt").read_text(encoding="utf-8").splitlines():
        if line := line.partition("#")[0].strip():
            package, equals, version = line.partition("==")
            assert equals and package not in floors, line
            floors[package] = [version]
    assert floors == lowest
    ci = (root / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert 'python -m pip install -q -c .ci/floors.txt -e ".[test]" && python -m pytest -m ""' in ci


def test_the_default_output_folders_are_ignored_by_git() -> None:
    ignored = (PACKAGE.parent / ".gitignore").read_text().splitlines()
    # `/site/`, not `site/`: that also hid templates/site/, so new site templates were never
    # committed (a publish then failed on a fresh checkout with TemplateNotFound).
    assert {"/site/", "output/*"} <= set(ignored)


def test_no_template_is_ignored_by_git() -> None:
    """A template git ignores is never committed: it works here and is missing on a fresh
    checkout (site/ once hid templates/site/)."""
    root = PACKAGE.parent
    if shutil.which("git") is None or not (root / ".git").exists():
        pytest.skip("not a git checkout")
    templates = sorted(str(p.relative_to(root)) for p in (root / "templates").rglob("*")
                       if p.is_file() and "__pycache__" not in p.parts)
    run = subprocess.run(["git", "check-ignore", "--no-index", *templates], cwd=root,
                         capture_output=True, text=True)
    assert templates and run.stdout == ""
