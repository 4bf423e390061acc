"""`cardgen play`: a game of Ghost in the terminal against computer players.

The loop reads the person's lines from any file-like object and writes through a rich
`Console`, so a terminal, a pipe and a test all play the same game. Computer seats play a
winning letter when they have one (chosen with their own `random.Random`, so a seed replays a
game), the best try otherwise (docs/rules.md), and challenge a fragment that begins no word.

The computer seats are the table the config's `opponent` names, or the one `--knows ZIPF` or
`--perfect` asks for. At a casual table they know only the playable words of that Zipf
frequency or more: they play perfectly in the game on the words they know, and challenge
when they know no word beginning with the fragment; a challenged person names a word, which
is checked against the list.
"""

from __future__ import annotations

import random
import sys
import unicodedata
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from rich.console import Console

from cardgen.app.outcome import GameResult, Slip, shown, slip_line
from cardgen.cards.config import CardConfig, load_card_config
from cardgen.cards.played import PlayedGame
from cardgen.cards.position import CasualTable, Position, explain, opponent_for, shortest_word
from cardgen.cards.querycache import PrintedPlays
from cardgen.cards.strategy import default_title
from cardgen.errors import InputError, printable
from cardgen.games.advice import Escapes
from cardgen.games.computer import Computer, casual_move, computer_move, known_game
from cardgen.games.game import GameSolution
from cardgen.games.opponent import FROM_CONFIG, Opponent, assumption
from cardgen.games.variants import find_game
from cardgen.progress import ProgressCallback
from cardgen.render import ordinal
from cardgen.render.hints import advice, shown_move
from cardgen.render.sentences import TABLE_PLAYS
from cardgen.words.alphabet import alphabet_text

HELP = "{moves} ({letters}); ? for the card's advice, ! to challenge the last letter, quit to stop."
"""The help line; `moves` says how the game's moves are typed (`cardgen.games.variants`), `letters`
what `alphabet_text` says of the game's letters."""
NAME_PROMPT = "name a word: "

__all__ = ["HELP", "NAME_PROMPT", "GameResult", "Slip", "play", "play_config", "shown"]


class _Game:
    """One game in progress: the fragment, the person's slips, and the output."""

    def __init__(
        self, solution: GameSolution, seat: int, hints: bool, lines: TextIO, console: Console,
        echo: bool, computer: Computer, traps: Escapes | None = None,
        knows: float | None = None, table: CasualTable | None = None,
        known: GameSolution | None = None, plays: Mapping[str, str] | None = None,
    ) -> None:
        self.solution = solution
        self.plays = plays or {}
        """The plays the card's deck prints (`cardgen.app.runner.deck_plays`)."""
        self.traps = traps
        self.knows = knows
        self.table = table
        self.known = known
        self.seat = seat
        self.hints = hints
        self.lines = lines
        self.console = console
        self.echo = echo
        self.computer = computer
        self.fragment = ""
        self.off_card: Slip | None = None
        self.left_win: Slip | None = None
        self.had_win = False
        self.moved = False
        game = find_game(solution.game)
        self.noun = game.move_noun
        self.help = HELP.format(
            moves=game.move_help, letters=alphabet_text(solution.lexicon.letters)
        )

    def say(self, text: str) -> None:
        self.console.print(text, markup=False, highlight=False, soft_wrap=True)

    def name(self, seat: int) -> str:
        return "you" if seat == self.seat else f"the {ordinal(seat)} player"

    def run(self) -> tuple[int | None, str]:
        """Play until someone loses or the person stops: (loser, reason)."""
        while True:
            mover = self.solution.mover(self.fragment)
            if mover == self.seat:
                outcome = self.person_turn()
            else:
                outcome = self.computer_turn(mover)
            if outcome is not None:
                return outcome

    def person_turn(self) -> tuple[int | None, str] | None:
        position = explain(self.solution, self.fragment, self.traps, self.knows, self.table)
        if self.fragment in self.plays:  # the card's move is the one its deck prints
            position = replace(position, printed=self.plays[self.fragment])
        self.had_win = self.had_win or bool(position.card_move)
        if self.hints:
            self.say(f"{'':12}{advice(position, self.solution)}")
        while True:
            self.console.print(
                f"{shown(self.fragment):<12}your {self.noun}: ", end="", markup=False,
                highlight=False,
            )
            line = self.lines.readline()
            if not line:
                self.say("")
                return None, f"Game abandoned at {shown(self.fragment)} (end of input)."
            typed = line.strip()
            if self.echo:  # what was typed, as typed; control characters shown as <U+001B>
                self.say(printable(typed))
            text = typed.lower()
            written = self.solution.lexicon.spelling.write(typed)
            if text == "quit":  # a word, not `q`: q is a letter to play
                return None, f"You quit at {shown(self.fragment)}."
            if text == "?":
                self.say(f"{'':12}{advice(position, self.solution)}")
            elif text == "!":
                if self.fragment:
                    self.moved = True
                    self.note(position, "!", False)
                    return self.challenge(self.seat)
                self.say(f"{'':12}nothing to challenge yet")
            else:
                try:
                    move = self.solution.parse_move(self.fragment, written or text)
                except ValueError as error:  # nearly a move: say what is wrong with it
                    self.say(f"{'':12}{error}")
                    continue
                if move is not None:
                    return self.play(position, move)
                if written is not None and len(typed) == 1 and len(written) > 1:
                    self.say(f"{'':12}this list writes {typed} as {written}: type one letter "
                             "at a time")
                else:
                    self.say(f"{'':12}{self.help}")

    def play(self, position: Position, letter: str) -> tuple[int, str] | None:
        """The person plays `letter`: note a slip, then see whether the game ended."""
        self.moved = True
        after = self.solution.after(self.fragment, letter)
        self.note(position, letter, self.still_winning(after))
        self.fragment = after
        if self.solution.find(after) is None:
            # The next seat (a computer) challenges: no word begins like this.
            challenger = self.solution.mover(after)
            holds = find_game(self.solution.game).holds
            self.say(f"{'':12}{self.name(challenger)} challenges: no word {holds} {after}")
            return self.seat, f"You lose: no playable word {holds} {after}."
        if self.solution.is_word(after):
            self.say(f"{'':12}{after} is a word")
            return self.seat, f"You lose: you completed {after}."
        return None

    def still_winning(self, fragment: str) -> bool:
        """Whether the person still has a forced win at `fragment` (against the casual table
        when there is one)."""
        if self.solution.find(fragment) is None:
            return False
        if self.knows is not None and self.traps is not None:
            return self.traps.threshold(fragment, self.seat) < self.knows
        return self.seat not in self.solution.losers(fragment)

    def note(self, position: Position, played: str, still_winning: bool) -> None:
        """Remember the person's first move off the card and first move out of a win."""
        card = position.card_move
        if card is None or played == card:
            return
        slip = Slip(position.fragment, played, card, position.card_words, not still_winning)
        if self.off_card is None:
            self.off_card = slip
        if slip.lost_win and self.left_win is None:
            self.left_win = slip

    def computer_turn(self, mover: int) -> tuple[int, str] | None:
        before = self.fragment
        move = self.computer(before)
        if move is None:
            return self.computer_challenge(mover)
        self.fragment = self.solution.after(before, move)
        letter = shown_move(self.solution, before, move)
        player = self.name(mover)
        if self.solution.is_word(self.fragment):
            self.say(f"{shown(before):<12}{player} plays {letter}: {self.fragment} is a word")
            return mover, f"You win: {player} completed {self.fragment}."
        self.say(f"{shown(before):<12}{player} plays {letter}")
        return None

    def challenge(self, challenger: int) -> tuple[int, str]:
        """`challenger` challenges the seat that played the last letter."""
        position = explain(self.solution, self.fragment)
        last = position.last_seat
        assert last is not None  # nothing is challenged at the start
        if position.prefix:
            word = self.named_by_computer(self.fragment)
            self.say(f"{'':12}{self.name(last)} names {word}")
            return challenger, (
                f"You lose: you challenged {self.fragment}, but {self.name(last)} named {word}."
            )
        self.say(f"{'':12}{self.name(last)} admits a bluff")
        holds = find_game(self.solution.game).holds
        return last, f"You win: no word {holds} {self.fragment}; {self.name(last)} bluffed."

    def named_by_computer(self, fragment: str) -> str | None:
        """The word a computer names when challenged: the first of its winning words, else
        the shortest beginning with the fragment; at a casual table, the shortest it knows."""
        if self.known is not None and self.known.find(fragment) is not None:
            return shortest_word(self.known, fragment)
        return explain(self.solution, fragment).challenge_word

    def computer_challenge(self, challenger: int) -> tuple[int, str]:
        """A computer seat knows no word that holds the fragment and challenges the seat that
        played the last letter, who must name a playable word that holds it."""
        fragment = self.fragment
        last = (challenger - 2) % self.solution.players + 1
        player = self.name(challenger)
        holds = find_game(self.solution.game).holds
        self.say(f"{shown(fragment):<12}{player} challenges: what word {holds} {fragment}?")
        if last != self.seat:
            word = self.named_by_computer(fragment)
            self.say(f"{'':12}{self.name(last)} names {word}")
            return challenger, f"You win: {player} challenged {fragment}, and lost to {word}."
        self.console.print(f"{'':12}{NAME_PROMPT}", end="", markup=False, highlight=False)
        line = self.lines.readline()
        named = line.strip()
        if self.echo:
            self.say(printable(named))
        written = self.solution.lexicon.spelling.write(named)  # café is cafe on a French list
        word = written if written is not None else unicodedata.normalize("NFC", named).lower()
        begins = holds == "begins with"  # Ghost's words begin with it, the variants' contain it
        held = word.startswith(fragment) if begins else fragment in word
        if held and self.solution.is_word(word):
            return challenger, f"You win: {player} challenged {fragment}, and you named {word}."
        shown_named = printable(repr(named))
        why = "nothing" if not named else f"{shown_named}, which is not a playable word"
        if named and not held:
            held_by = "begin with" if begins else "contain"
            why = f"{shown_named}, which does not {held_by} {fragment}"
        self.say(f"{'':12}{why.split(',')[0]} does not count")
        return self.seat, f"You lose: {player} challenged {fragment}, and you named {why}."

    def summary(self, reason: str) -> list[str]:
        """The closing lines: who lost and why, then where the person left the card."""
        lines = [reason]
        if self.off_card is not None:
            given_away = " That gave the win away." if self.off_card.lost_win else ""
            lines.append(f"Off the card {slip_line(self.off_card)}{given_away}")
        if self.left_win is not None and self.left_win is not self.off_card:
            lines.append(f"Win given away {slip_line(self.left_win)}")
        if self.off_card is None:
            if not self.moved:
                lines.append("You made no move in this game.")
            elif self.had_win:
                lines.append("You followed the card all the way.")
            else:
                lines.append("The card had no forced win for you in this game.")
        return lines


def play(
    solution: GameSolution,
    *,
    lines: TextIO,
    console: Console,
    seat: int = 1,
    hints: bool = False,
    rng: random.Random | None = None,
    echo: bool = False,
    computer: Computer | None = None,
    title: str = "Ghost",
    traps: Escapes | None = None,
    knows: float | None = None,
    opponent_from: str = FROM_CONFIG,
    table: CasualTable | None = None,
    known: GameSolution | None = None,
    plays: Mapping[str, str] | None = None,
) -> GameResult:
    """Play one game, the person in `seat`, reading their lines from `lines`.

    `echo` repeats each line read (for input from a pipe, which the terminal does not show);
    `computer` replaces the computer seats' choice (default `computer_move` with `rng`; with
    `knows` and `traps`, `casual_move` on the words of Zipf >= `knows`). The second line says
    which table that is, and who chose it (`opponent_from`: config, --knows or --perfect).
    End of input and Ctrl-C end the game as abandoned; the summary is printed either way. A
    typed letter is written as the list writes its words (French é is e). A stored game
    (`cardgen.games.stored`) brings the casual table's strategies (`table`) and the game on
    the words it knows (`known`); else they are solved here from `traps`. `plays`: the plays
    the card's deck prints (`cardgen.app.runner.deck_plays`), which its advice and its slips
    follow where the deck prints one (an opening, or a row of a table it prints).
    """
    if not 1 <= seat <= solution.players:
        raise InputError(f"--seat: expected a seat from 1 to {solution.players}, got {seat}")
    if knows is not None and traps is not None and table is None:  # solved, not stored
        from cardgen.games.casual import casual
        from cardgen.games.traps import Thresholds

        assert isinstance(traps, Thresholds)
        table, known = casual(traps, knows), known_game(traps, knows)
    chooser = rng or random.Random()
    game = _Game(
        solution, seat, hints, lines, console, echo,
        computer or (lambda fragment: computer_move(solution, fragment, chooser)),
        traps, knows, table, known, plays,
    )
    if computer is None and knows is not None and traps is not None:
        game.computer = lambda fragment: casual_move(game.known, solution, fragment, chooser)
    game.say(f"{title}. You are the {ordinal(seat)} player of {solution.players}.")
    against = f"Against {assumption(Opponent(knows), opponent_from)}"
    if knows is None:
        game.say(f"{against}.")
    else:
        variant = find_game(solution.game).decision_tables
        named = "contains the fragment" if variant else "begins with the letters played"
        game.say(f"{against}: they {TABLE_PLAYS[variant][0]}, and challenge when they know none; "
                 f"then name a word that {named}.")
    game.say(game.help)
    interrupted = False
    try:
        loser, reason = game.run()
    except KeyboardInterrupt:
        game.say("")
        loser, reason = None, f"Game abandoned at {shown(game.fragment)} (interrupted)."
        interrupted = True
    for line in game.summary(reason):
        game.say(line)
    return GameResult(
        game.fragment, loser, reason, game.off_card, game.left_win, game.had_win, interrupted
    )


def _deck_plays(
    config: CardConfig, game: PlayedGame, cache: bool, progress: ProgressCallback | None,
    max_seconds: float | None,
) -> dict[str, str]:
    """The plays the config's deck prints: kept in the solution cache by a build, an explain
    or a play before (read without numpy), else found from its deck (computed, or read back
    from the cache) and kept."""
    found = PrintedPlays.for_config(config, enabled=cache).read()
    if found is None:
        from cardgen.app.runner import deck_plays
        from cardgen.cards.make import Lexicons

        found = deck_plays(config, game.lexicons or Lexicons(
            progress=progress, cache=cache, max_seconds=max_seconds))
    return found


def play_config(
    config_path: Path,
    *,
    seat: int = 1,
    hints: bool = False,
    seed: int | None = None,
    lines: TextIO | None = None,
    console: Console | None = None,
    progress: ProgressCallback | None = None,
    opponent: Opponent | None = None,
    cache: bool = False,
    max_seconds: float | None = None,
) -> GameResult:
    """`cardgen play`: read the config's stored game from the solution cache (with `cache`;
    `cardgen.games.stored`, no numpy), else solve its game or read it back whole, then play
    it on stdin and stdout against `opponent` (`--knows`, `--perfect`), else against the
    table the config's `opponent` names: perfect players or a casual one. A game played from
    the full path is stored when it ends, for the next."""
    config = load_card_config(config_path)
    game = PlayedGame.for_config(config_path, config, opponent, progress, cache=cache,
                                 max_seconds=max_seconds)
    solution, traps, config = game.solution, game.traps, game.config
    chosen, chosen_by = opponent_for(config_path, config, traps, opponent)
    source = lines or sys.stdin
    title = config.title or default_title(config.dictionary.name, config.players,
                                          config.min_length, config.game)
    result = play(
        solution,
        lines=source,
        console=console or Console(),
        seat=seat,
        hints=hints,
        rng=random.Random(seed),
        echo=not source.isatty(),
        title=title,
        traps=traps,
        knows=chosen.knows,
        opponent_from=chosen_by,
        table=game.table,
        known=game.known,
        plays=None if opponent is not None else _deck_plays(
            config, game, cache, progress, max_seconds),
    )
    game.keep()
    return result
