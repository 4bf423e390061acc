"""The command line as a process: one-line errors, exit statuses, help, interrupts, stdout."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest
from conftest import CONFIGS, DATA

from cardgen.app import terminal
from cardgen.errors import CardgenWarning


def cardgen(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardgen", *args], capture_output=True, text=True, cwd=cwd
    )


def test_bare_cardgen_prints_help_and_exits_0() -> None:
    run = cardgen()
    assert run.returncode == 0 and run.stderr == ""
    assert run.stdout.startswith("Usage: cardgen [OPTIONS] COMMAND [ARGS]...")


@pytest.mark.parametrize(
    ("args", "line"),
    [
        # Issue 26 item 14: every usage mistake in cardgen's words, naming what is allowed.
        (["build"], "cardgen: error: cardgen build: missing CONFIG...: YAML config files"),
        (["explain", "c.yaml"], "cardgen: error: cardgen explain: missing FRAGMENT: the "
         "letters played so far (a-z; capitals are read as small letters); '' for the start"),
        (["build", "--bogus", "x.yaml"],
         "cardgen: error: --bogus: unknown option of cardgen build (expected one of: "
         "--out/-o, --format/-f, --quiet/-q, --no-cache, --max-seconds, --help)"),
        (["wordlists", "fetch", "--al"], "cardgen: error: --al: unknown option of cardgen "
         "wordlists fetch (expected one of: --all, --help)"),
        (["--bogus"],
         "cardgen: error: --bogus: unknown option of cardgen (expected one of: --version, "
         "--help)"),
        (["frobnicate"], "cardgen: error: 'frobnicate': not a command of cardgen (expected "
         "one of: build, table, publish, explain, play, cache, wordlists)"),
        (["wordlists", "frob"], "cardgen: error: 'frob': not a command of cardgen wordlists "
         "(expected one of: fetch)"),
        (["build", "x.yaml", "--out"], "cardgen: error: --out: expected DIR after it, got none"),
        (["play", "x.yaml", "--seat"], "cardgen: error: --seat: expected N after it, got none"),
        (["play", "x.yaml", "--seat", "x"],
         "cardgen: error: --seat: expected a whole number, got 'x'"),
        (["play", "x.yaml", "--seed", "1.5"],
         "cardgen: error: --seed: expected a whole number, got '1.5'"),
        # Issue 26 item 8: a time budget is a finite number of seconds above 0.
        *((["build", "x.yaml", "--max-seconds", value], "cardgen: error: --max-seconds: "
           f"expected a number of seconds above 0, got {value!r}")
          for value in ("x", "0", "-1", "nan", "inf", "")),
        (["explain", "x.yaml", "a", "--max-seconds"],
         "cardgen: error: --max-seconds: expected S after it, got none"),
        (["cache", "--clear=3"], "cardgen: error: --clear: takes no value, got '3'"),
        # Issue 36 item 6: cardgen reads the line itself, short options run together too.
        (["--version=3"], "cardgen: error: --version: takes no value, got '3'"),
        (["build", "-qo"], "cardgen: error: -o: expected DIR after it, got none"),
        (["build", "-qx", "y.yaml"], "cardgen: error: -x: unknown option of cardgen build "
         "(expected one of: --out/-o, --format/-f, --quiet/-q, --no-cache, --max-seconds, "
         "--help)"),
        (["cache", "-"], "cardgen: error: cardgen cache: unexpected argument '-' (it takes none)"),
        (["cache", "extra"],
         "cardgen: error: cardgen cache: unexpected argument 'extra' (it takes none)"),
        (["explain", "c.yaml", "a", "b"], "cardgen: error: cardgen explain: unexpected "
         "argument 'b' (expected only CONFIG FRAGMENT)"),
        (["build", "--out", "", str(DATA / "animals.yaml")],
         "cardgen: error: --out: expected a folder, got ''"),
        (["wordlists", "fetch", "--all", "twl06"],
         "cardgen: error: name the lists to fetch or pass --all, not both"),
    ],
)
def test_usage_mistakes_are_one_line_exit_2(args: list[str], line: str, tmp_path: Path) -> None:
    run = cardgen(*args, cwd=tmp_path)
    assert (run.returncode, run.stderr, run.stdout) == (2, line + "\n", "")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("command", "formats"),
    [("build", "Formats: md, json, pdf, svg (default: md, json and pdf; svg only when named)."),
     ("table", "Formats: md, csv, json (default: all three).")],
)
def test_format_help_says_what_is_written_unasked(command: str, formats: str) -> None:
    """Issue 26 item 13: not '(default: all)', which left out svg without saying so."""
    run = cardgen(command, "--help")
    assert formats in " ".join(run.stdout.split())


@pytest.mark.parametrize("command", ["build", "table", "explain", "play", "wordlists fetch"])
def test_help_shows_no_python_type_names(command: str) -> None:
    run = cardgen(*command.split(), "--help")
    assert run.returncode == 0
    for token in ("<path>", "<str>", "<int>", "<bool>", "{", "list[", "Path]", "| None"):
        assert token not in run.stdout, (token, run.stdout)


def test_ctrl_c_exits_130_saying_so(tmp_path: Path) -> None:
    """Interrupted while it waits on a package index that never answers."""
    with socket.create_server(("127.0.0.1", 0)) as silent:  # listens, never replies
        port = silent.getsockname()[1]
        process = subprocess.Popen(
            [sys.executable, "-m", "cardgen", "wordlists", "fetch", "twl06"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "CARDGEN_CACHE": str(tmp_path / "cache"),
                 "CARDGEN_INDEX_URL": f"http://127.0.0.1:{port}/simple"},
        )
        time.sleep(1.5)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    assert (process.returncode, err, out) == (130, "cardgen: interrupted\n", "")
    assert not (tmp_path / "cache").exists()


def test_a_full_stdout_is_one_line() -> None:
    with open("/dev/full", "w") as full:
        run = subprocess.run(
            [sys.executable, "-m", "cardgen", "wordlists"], stdout=full, stderr=subprocess.PIPE,
            text=True,
        )
    assert (run.returncode, run.stderr) == (
        1, "cardgen: error: standard output: No space left on device\n"
    )


@pytest.mark.parametrize("command", ["wordlists", "cache"])
def test_a_closed_stdout_is_no_traceback_and_no_error(command: str) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "cardgen", command], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader went away before cardgen wrote
    err = process.stderr.read()
    process.wait(timeout=30)
    assert b"Traceback" not in err and err == b""
    assert process.returncode == 0  # `cardgen cache | head -1`: a closed pipe is no error


def test_warnings_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with terminal.reporting():
        warnings.warn("twl06: the cached copy x failed its sha256", CardgenWarning, stacklevel=1)
    assert capsys.readouterr().err == (
        "cardgen: warning: twl06: the cached copy x failed its sha256\n"
    )


@pytest.mark.network
def test_fetching_a_list_already_present_says_so() -> None:
    first = cardgen("wordlists", "fetch", "twl06")  # present after it, if not before
    assert first.returncode == 0, first.stderr
    run = cardgen("wordlists", "fetch", "twl06")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("twl06: already cached at ")
    assert run.stdout.endswith("(sha256 checked)\n")


# --- issue 20: no traceback anywhere, messages that blame the right thing ----------------


@pytest.mark.parametrize(
    "args",
    [["--version"], ["wordlists"], ["build", str(DATA / "animals.yaml"), "-f", "md"],
     ["table", str(DATA / "animals-table.yaml"), "-f", "csv"],
     ["explain", str(DATA / "animals.yaml"), "c"],
     ["play", str(DATA / "animals.yaml"), "--seed", "1"]],
)
def test_a_stdout_closed_before_the_start_is_quiet(args: list[str], tmp_path: Path) -> None:
    """`cardgen ... >&-`: the output goes nowhere, the files are written, no traceback."""
    if args[0] in ("build", "table"):
        args = [*args, "-o", str(tmp_path)]
    run = subprocess.run(
        [sys.executable, "-m", "cardgen", *args], stderr=subprocess.PIPE, text=True,
        stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(1),  # noqa: PLW1509
    )
    assert (run.returncode, run.stderr) == (0, "")
    if args[0] in ("build", "table"):
        assert len(list(tmp_path.iterdir())) == 1


def test_play_with_stdin_closed_ends_the_game() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "cardgen", "play", str(DATA / "animals.yaml"), "--seed", "1"],
        capture_output=True, text=True, preexec_fn=lambda: os.close(0),  # noqa: PLW1509
    )
    assert run.returncode == 0 and run.stderr == ""
    assert "Game abandoned at (start) (end of input)." in run.stdout


@pytest.mark.parametrize(
    ("args", "env", "line"),
    [(["build", str(DATA / "animals.yaml"), "--out", "~nosuchuser/cards"], {},
      "cardgen: error: --out: cannot expand '~nosuchuser': no such user"),
     (["wordlists"], {"CARDGEN_CACHE": "~nosuchuser/cache"},
      "cardgen: error: CARDGEN_CACHE: cannot expand '~nosuchuser': no such user"),
     (["build", str(CONFIGS / "twl06-2p.yaml")], {"CARDGEN_CACHE": "~nosuchuser/cache"},
      "cardgen: error: CARDGEN_CACHE: cannot expand '~nosuchuser': no such user"),
     (["cache"], {"CARDGEN_CACHE": "~nosuchuser/x", "CARDGEN_SOLUTION_CACHE": ""},
      "cardgen: error: CARDGEN_CACHE: cannot expand '~nosuchuser': no such user"),
     (["cache"], {"CARDGEN_SOLUTION_CACHE": "~nosuchuser"},
      "cardgen: error: CARDGEN_SOLUTION_CACHE: cannot expand '~nosuchuser': no such user"),
     (["build", str(DATA / "animals.yaml")], {"CARDGEN_SOLUTION_CACHE": "~nosuchuser"},
      "cardgen: error: CARDGEN_SOLUTION_CACHE: cannot expand '~nosuchuser': no such user")],
)
def test_an_unknown_user_is_one_line(
    args: list[str], env: dict[str, str], line: str, tmp_path: Path
) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "cardgen", *args], capture_output=True, text=True, cwd=tmp_path,
        env={**os.environ, **env},
    )
    assert (run.returncode, run.stderr) == (2, line + "\n")


def test_an_out_folder_past_path_max_is_named(tmp_path: Path) -> None:
    out = "a/" * 3000
    run = cardgen("build", str(DATA / "animals.yaml"), "-f", "md", "--out", out, cwd=tmp_path)
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr.startswith("cardgen: error: a/a/a/a/")
    assert run.stderr.endswith("/a/a/animals.md: cannot write: File name too long\n")
    assert "more)..." in run.stderr and len(run.stderr) < 200


def test_a_huge_seed_is_one_short_line() -> None:
    run = cardgen("play", str(DATA / "animals.yaml"), "--seed", "7" * 5000)
    assert run.returncode == 2
    assert run.stderr == (
        f"cardgen: error: --seed: expected a whole number, got '{'7' * 49}...(4902 more)..."
        f"{'7' * 49}'\n"
    )


def test_invisible_characters_are_shown_in_errors(tmp_path: Path) -> None:
    """A key with a zero-width space, and a config path with a newline."""
    (tmp_path / "animals.txt").write_bytes((DATA / "animals.txt").read_bytes())
    (tmp_path / "card.yaml").write_text(
        "dictionary: ./animals.txt\nplayers: 2\nmin_length: 3\n\u200btitle: x\n"
    )
    run = cardgen("build", "card.yaml", cwd=tmp_path)
    assert (run.returncode, run.stderr) == (
        2, "cardgen: error: card.yaml: <U+200B>title: unknown key (expected one of: "
        "dictionary, players, min_length, title, output_dir, pdf, language, alphabet, "
        "capitalized, ranking, rare_below, familiarity, avoid, opponent, casual_table, game)\n",
    )
    run = cardgen("build", "two\nlines.yaml", cwd=tmp_path)
    assert (run.returncode, run.stderr) == (
        2, "cardgen: error: two<U+000A>lines.yaml: cannot read config: No such file or "
        "directory\n",
    )


def test_help_lists_each_command_s_whole_first_sentence() -> None:
    run = cardgen("--help")
    assert run.returncode == 0
    commands = " ".join(run.stdout.split("Commands:\n", 1)[1].split())
    assert commands == (
        "build Build the strategy card of each config: OUT/<config stem>.md, .json and .pdf "
        "(formats md, json, pdf; svg, the strategy map, only when asked for). "
        "table Build a strategy table across word lists, player counts and minimum lengths "
        "(formats md, csv, json). "
        "publish Publish cards and tables as one static site: index.html, a page per card and "
        "table, the PDFs, JSON, strategy maps and an explorer beside them. "
        "explain Explain one position: who is to move, who loses, what each next letter does, "
        "and what gets the others out of each trap. "
        "play Play Ghost in the terminal against perfect computer players, or a casual table. "
        "cache Show the cache of cards, table rows and solved games kept between runs, or "
        "clear it. "
        "wordlists List the catalog of word lists, or fetch lists ahead of time."
    )


@pytest.mark.parametrize("args", [["build", "--help", "--bogus"], ["build", "--bogus", "--help"],
                                  ["explain", "--help", "--seat", "x"]])
def test_help_wins_over_a_usage_mistake(args: list[str]) -> None:
    run = cardgen(*args)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.startswith(f"Usage: cardgen {args[0]} [OPTIONS] CONFIG")


def test_the_files_written_are_listed_one_a_line(tmp_path: Path) -> None:
    """A folder name with a newline does not split a listed path in two."""
    run = cardgen("build", str(DATA / "animals.yaml"), "-f", "md", "--out", "two\nlines",
                  cwd=tmp_path)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout == "two<U+000A>lines/animals.md\n"
    assert (tmp_path / "two\nlines" / "animals.md").exists()


@pytest.mark.parametrize(
    ("out", "line"),
    [("/dev/null", "/dev/null: cannot write: it is a device, not a folder"),
     ("/proc", "/proc: cannot write: the system does not allow new files in /proc"),
     ("/proc/cards", "/proc/cards: cannot write: the system does not allow new files in /proc")],
)
def test_a_system_path_as_out_folder_says_what_it_is(out: str, line: str) -> None:
    run = cardgen("build", str(DATA / "animals.yaml"), "-f", "md", "--out", out)
    assert (run.returncode, run.stderr) == (2, f"cardgen: error: {line}\n")


LOOP = "cannot write: it is a loop of symbolic links, not a folder"
DANGLING = "cannot write: it is a symbolic link to nowhere, a folder that does not exist"


@pytest.mark.parametrize(
    ("command", "given"),  # publish writes where --out says, whatever a config's output_dir
    [("build", "--out"), ("table", "--out"), ("publish", "--out"), ("build", "output_dir"),
     ("table", "output_dir")],
)
@pytest.mark.parametrize(
    ("out", "line"),
    [("loop", f"loop: {LOOP}"), ("loop/cards", f"loop: {LOOP}"),
     ("gone", f"gone: {DANGLING}"), ("gone/cards", f"gone: {DANGLING}")],
)
def test_a_broken_link_as_out_folder_says_what_it_is(
    tmp_path: Path, command: str, given: str, out: str, line: str
) -> None:
    """Issue 35, 9 and 10: an output folder that is a loop of symbolic links, or a link to a
    folder that does not exist (or a folder under either), is refused before any work with
    what it is, by every command that writes, given as --out or as `output_dir`; nothing is
    written."""
    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "gone").symlink_to("nowhere")
    table = command == "table"
    config = tmp_path / "c.yaml"
    config.write_text(
        (f"title: t\ndictionaries: [{DATA / 'animals.txt'}]\nmin_lengths: [3]\nplayers: [2]\n"
         if table else f"dictionary: {DATA / 'animals.txt'}\nplayers: 2\nmin_length: 3\n")
        + (f"output_dir: {out}\n" if given == "output_dir" else "")
    )
    before = sorted(tmp_path.iterdir())
    args = ["--out", out] if given == "--out" else []
    run = cardgen(command, "c.yaml", *args, cwd=tmp_path)
    assert (run.returncode, run.stdout, run.stderr) == (2, "", f"cardgen: error: {line}\n")
    assert sorted(tmp_path.iterdir()) == before


def test_an_output_that_is_a_loop_of_links_is_refused(tmp_path: Path) -> None:
    """Issue 35, 9: an output file that is a loop of symbolic links is refused as one, not
    with a traceback."""
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "animals.md").symlink_to("animals.md")
    run = cardgen("build", str(DATA / "animals.yaml"), "-f", "md", "--out", "out", cwd=tmp_path)
    assert (run.returncode, run.stderr) == (
        2, "cardgen: error: out/animals.md: cannot write: it is a loop of symbolic links\n"
    )


@pytest.mark.parametrize(
    ("line", "said"),
    [("language: no", 'language: expected one line of text, got no (YAML reads it as false: '
      'write "no" in quotes)'),
     ("title: 12:30:00", 'title: expected one line of text, got 12:30:00 (YAML reads it as the '
      'number 45000: write "12:30:00" in quotes)'),
     ("title: yes", 'title: expected one line of text, got yes (YAML reads it as true: write '
      '"yes" in quotes)')],
)
def test_a_value_yaml_reads_otherwise_is_named_as_written(
    tmp_path: Path, line: str, said: str
) -> None:
    """Issue 35, 14: the error echoes what the user typed, not YAML 1.1's False or 45000; one
    line, exit 2, nothing written."""
    (tmp_path / "c.yaml").write_text(
        f"dictionary: {DATA / 'animals.txt'}\nplayers: 2\nmin_length: 3\n{line}\n"
    )
    run = cardgen("build", "c.yaml", "--out", "out", cwd=tmp_path)
    assert (run.returncode, run.stdout, run.stderr) == (2, "", f"cardgen: error: c.yaml: {said}\n")
    assert not (tmp_path / "out").exists()


def test_a_config_name_of_250_letters_builds(tmp_path: Path) -> None:
    name = "a" * 245
    (tmp_path / f"{name}.yaml").write_text(
        (DATA / "animals.yaml").read_text().replace("animals.txt", str(DATA / "animals.txt"))
    )
    run = cardgen("build", f"{name}.yaml", "-f", "md", "--out", "out", "-q", cwd=tmp_path)
    assert (run.returncode, run.stderr) == (0, "")
    assert [p.name for p in (tmp_path / "out").iterdir()] == [f"{name}.md"]


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
@pytest.mark.parametrize("config", ["animals-superghost.yaml", "animals.yaml"])
def test_explain_writes_what_the_stream_can_carry(encoding: str, config: str) -> None:
    def explain(encoding: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(
            [sys.executable, "-m", "cardgen", "explain", str(DATA / config), "ca"],
            capture_output=True, env={**os.environ, "PYTHONIOENCODING": encoding},
        )

    run, utf8 = explain(encoding), explain("utf-8")
    assert (run.returncode, run.stderr) == (0, b"")
    if encoding == "ascii":  # click takes an ASCII stream for a misconfigured one: UTF-8
        assert run.stdout == utf8.stdout
    else:  # what latin-1 cannot carry is escaped (SuperGhost's "\u2026"), nothing is lost
        assert run.stdout == utf8.stdout.decode().encode(encoding, "backslashreplace")


# --- SIGINT and SIGTERM leave an output folder whole (issue 26, item 3) ------------------

SIGNAL_AT = """
import os, signal, sys
from pathlib import Path
from cardgen import files
from cardgen.app import runner
from cardgen.app.cli import main

step, k, number, out = sys.argv[1], int(sys.argv[2]), getattr(signal, sys.argv[3]), sys.argv[4]
done = []

def hook(call, target):
    def hooked(*args):
        if step == "compute":  # while the cards are computed, before anything is written
            os.kill(os.getpid(), number)
        result = call(*args)
        if step != "compute" and target(*args):
            done.append(args)
            if len(done) == k:  # right after the k-th file is staged, or moved into place
                os.kill(os.getpid(), number)
        return result
    return hooked

if step == "compute":
    runner.compute = hook(runner.compute, lambda *args: False)
elif step == "stage":
    files._stage = hook(files._stage, lambda target, data: str(target.parent) == out)
else:
    os.replace = hook(os.replace, lambda source, target: str(Path(target).parent) == out
                      and not str(source).endswith("-old.tmp"))
sys.argv = ["cardgen", *sys.argv[5:]]
main()
"""


@pytest.mark.slow
def test_a_signal_at_any_step_leaves_all_old_or_all_new_outputs(tmp_path: Path) -> None:
    """SIGTERM or SIGINT while the cards are computed (all old), or after the k-th output is
    staged or moved into place (they wait: all new); never a staging file, never a mix.
    SIGTERM ends the process as the signal does, SIGINT exits 130 saying so."""
    args = ["build", str(DATA / "animals.yaml"), "-q", "-f", "md", "-f", "json"]
    env = {**os.environ, "CARDGEN_SOLUTION_CACHE": "off"}
    fresh = subprocess.run([sys.executable, "-m", "cardgen", *args, "-o", str(tmp_path / "new")],
                           env=env, capture_output=True, text=True)
    assert fresh.returncode == 0, fresh.stderr
    new = {p.name: p.read_bytes() for p in (tmp_path / "new").iterdir()}
    old = {name: b"old " + name.encode() for name in new}
    steps = [("compute", 0), ("stage", 1), ("stage", 2), ("move", 1), ("move", 2)]
    runs = {}
    for number in ("SIGTERM", "SIGINT"):
        for step, k in steps:
            out = tmp_path / f"{number}-{step}-{k}"
            out.mkdir()
            for name, data in old.items():
                (out / name).write_bytes(data)
            runs[number, step, k] = subprocess.Popen(
                [sys.executable, "-c", SIGNAL_AT, step, str(k), number, str(out), *args,
                 "-o", str(out)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True,
            )
    for (number, step, k), process in runs.items():
        stdout, stderr = process.communicate(timeout=120)
        out = tmp_path / f"{number}-{step}-{k}"
        found = {p.name: p.read_bytes() for p in out.iterdir()}
        expected = (-signal.SIGTERM, "") if number == "SIGTERM" else (130, "cardgen: interrupted\n")
        assert (process.returncode, stderr, stdout) == (*expected, ""), (number, step, k)
        assert found == (old if step == "compute" else new), (number, step, k)
