"""Files shipped beside the code: the Jinja2 templates and the word list catalog.

They live in the top-level `templates/` and `wordlists/` folders of the source tree, which an
install turns into the packages `cardgen.templates` and `cardgen.catalog_data`. A source tree
used without installing it (or one that shadows an installed copy, as when the tests run from the
tree after `pip install .`) has no such packages, so the folders are then found beside the code.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

_SOURCE_FOLDERS = {"cardgen.templates": "templates", "cardgen.catalog_data": "wordlists"}


def folder(package: str) -> Path:
    """The folder of `cardgen.templates` or `cardgen.catalog_data`: where the import system
    finds the package (as `importlib.resources.files` does for a package on disk, without
    importing its readers and `zipfile`: 2-3 ms of every run that reads the catalog)."""
    spec = find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return Path(__file__).resolve().parent.parent / _SOURCE_FOLDERS[package]
    return Path(spec.submodule_search_locations[0])
