from __future__ import annotations

from typer.testing import CliRunner

from cardgen.app.cli import app

NAMES = ["twl06", "sowpods", "csw19", "web2", "american-english", "british-english"]
NAMES += "french german spanish italian portuguese brazilian dutch swedish danish".split()
NAMES += ["norwegian", "polish", "catalan"]


def test_wordlists_lists_the_catalog(runner: CliRunner) -> None:
    result = runner.invoke(app, ["wordlists"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["name", "entries", "status", "source"]
    assert [line.split()[0] for line in lines[1 : len(NAMES) + 1]] == NAMES
    assert lines[1].split()[1] == "178,691"
    assert lines[-1].startswith("cache: ")


def test_fetch_needs_names(runner: CliRunner) -> None:
    result = runner.invoke(app, ["wordlists", "fetch"])
    assert result.exit_code == 2
    assert result.stderr == "cardgen: error: name the lists to fetch, or pass --all\n"


def test_fetch_refuses_unknown_names_before_fetching(runner: CliRunner) -> None:
    result = runner.invoke(app, ["wordlists", "fetch", "twl06", "twl6"])
    assert result.exit_code == 2
    assert result.stderr == f"cardgen: error: twl6: not in the catalog ({', '.join(NAMES)})\n"
