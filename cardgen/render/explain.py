"""`cardgen explain` as text: one position on one screen (`templates/explain.txt.j2`, in the
sentences of `SAY`, which the site's explorer says too)."""

from __future__ import annotations

import math
import unicodedata
from typing import Any

from cardgen.cards.config import CardConfig
from cardgen.cards.position import Position
from cardgen.errors import printable
from cardgen.games.advice import try_document
from cardgen.games.game import GameSolution
from cardgen.games.opponent import Opponent, assumption
from cardgen.games.variants import find_game
from cardgen.render import render_template

SAY: dict[str, str] = {
    "against": "Against {assumed}.",
    "against_table": " against a table that knows only words of {zipf} or more",
    "not_counted": "{f} is in the word list but does not count: {why}.",
    "ended": "{f} {inside} no playable word: the game ended at {ended_at}, and the "
             "{completed_by} player lost.",
    "challenged": "{f} {inside} no playable word: {losers}, who played {last}, loses to a "
                  "challenge.",
    "word": "{f} is a playable word: the {completed_by} player completed it and loses. The game "
            "is over.",
    "goes_on": "{f} {inside} a playable word, so the game goes on.",
    "not_yet": "{f} {inside} a playable word; it is not a word yet.",
    "mover": "The {mover} player is to move. With perfect play {losers} {lose}.",
    "can_lose": "can be made to lose",
    "winning": "Winning {noun}s for the {mover} player{against}, with the words each forces:",
    "card_move": "<- the card's move",
    "named": "({mark}: they know no word there and challenge; name it.)",
    "no_winning": "The {mover} player has no winning {noun}{against}: none forces a win. "
                  "{Noun}s it could play:",
    "losing": "Losing {noun}s:",
    "escapes": "Escapes: after each letter, the word the others must know to stop the {mover} "
               "player:",
    "escape": "{word} ({zipf})",
    "no_escape": "none: the {mover} player loses whatever they know",
    "one_reply": "{name}: {move}: the {replier} player has one reply, and it is a mistake that "
                 "lets the {mover} player escape.",
    "one_reply_kept": "{name}: {move}: the {replier} player has one reply, and it keeps their "
                      "win.",
    "no_try": "No try helps: each of the {replier} player's {replies} replies to any {noun} "
              "keeps their win.",
    "mistakes": "{name}: {move}: {mistakes} of the {replier} player's {replies} replies are "
                "mistakes that let the {mover} player escape.",
    "mistake": "{name}: {move}: {mistakes} of the {replier} player's {replies} replies is a "
               "mistake that lets the {mover} player escape.",
    "completes": "Every {noun} completes a word: {move} is as good as any.",
    "get_out": "To get out, they must know words as rare as {word} ({zipf}).",
    "printed": "The card prints {move} here.",
    "decisions": "Decision table from here ({rows} rows; at each fragment, make the play):",
    "decisions_one": "Decision table from here ({rows} row; at each fragment, make the play):",
    "decision": "{fragment} -> {play}",
    "challenge": "If challenged, name: {word}",
}
"""The sentences explain says of a position, by name, with `{slots}` (`say`): its text's
template (templates/explain.txt.j2) and the site's explorer (every card's script carries them,
`cardgen.render.explorer`) both word a position with them, written once."""


def say(sentence: str, /, **slots: object) -> str:
    """One of explain's sentences (`SAY`) with its slots filled."""
    return SAY[sentence].format(**slots)


def describe(
    position: Position, config: CardConfig, solution: GameSolution, typed: str | None = None
) -> str:
    """The position as one screen of text (`cardgen explain`); `typed` is the fragment as the
    person typed it, shown when the list's spelling wrote it otherwise (café as cafe)."""
    winning = [x for x in position.letters if x.letter in position.moves]
    losing: dict[tuple[int, ...], list[str]] = {}
    for x in position.letters:
        if x.letter not in position.moves:
            losing.setdefault(x.losers, []).append(x.letter)

    def written(move: str, fragment: str = position.fragment) -> str:
        """A move as a person writes it: the letter, or `b… bera` in the variants."""
        shown = solution.describe_move(fragment, move)
        return move if shown == move else f"{shown} {move}"

    game = find_game(solution.game)
    joined = []
    for losers, moves in sorted(losing.items(), key=lambda item: item[1]):
        shown = [written(move) for move in moves]
        joined.append((losers, (" " if shown == moves else ", ").join(shown)))
    return render_template(
        "explain.txt.j2",
        position=position,
        config=config,
        min_length=solution.lexicon.min_length,
        winning=winning,
        losing=joined,
        replier=position.mover % position.players + 1,
        written=written,
        noun=game.move_noun,
        inside=game.inside,
        # The letters that do not win outright, with what gets the others out after each.
        escapes=[
            x for x in position.letters
            if x.threshold is not None and x.threshold > -math.inf
        ],
        typed=_typed(typed, position.fragment),
        assumed=assumption(Opponent(position.knows), position.opponent_from),
        spelling=solution.lexicon.spelling,
        lose=lambda seats: _lose(seats, position.players),
        say=say,
    )


def _typed(typed: str | None, fragment: str) -> str | None:
    """What the person typed, if the spelling rule wrote it otherwise than by case alone."""
    if typed is None:
        return None
    plain = unicodedata.normalize("NFC", typed.strip()).lower()
    return printable(typed.strip()) if plain != fragment else None


def _lose(seats: tuple[int, ...], players: int) -> str:
    """The verb after a list of losing seats: one player loses a round, so with three or more
    players the seats listed "can be made to lose" (as the cards say)."""
    if players > 2:
        return SAY["can_lose"]
    return "loses" if len(seats) == 1 else "lose"


def position_document(position: Position) -> dict[str, Any]:
    """The position as one JSON-ready object (`cardgen explain --json`); a game with decision
    tables adds `game`, `decisions` [{fragment, play}] and `printed` (the play its card prints
    here, or null), and its moves are fragments; a position explained from its config adds
    `casual_table`: its figures at the pocket cards' table (knows, reach, none, words: keeping
    to its words or its decision table, letters: {letter or fragment made: win rate}) at the
    middle table of the card's range, and
    `by_table` [{knows, reach, none, words}] at each table ([] for a single table)."""
    document: dict[str, Any] = {
        "fragment": position.fragment,
        "mover": position.mover,
        "losers": list(position.losers),
        "word": position.word,
        "prefix": position.prefix,
        "completed_by": position.completed_by,
        "ended_at": position.ended_at,
        "not_counted": position.not_counted,
        "moves": list(position.moves),
        "words": list(position.words),
        "card_move": position.card_move,
        "letters": [
            {
                "letter": x.letter,
                "losers": list(x.losers),
                "word": x.word,
                "words": list(x.words),
                "threshold": _threshold(x.threshold),
                "escape": None if x.escape is None else {
                    "word": x.escape.word, "zipf": x.escape.zipf
                },
                "named": list(x.named),
            }
            for x in position.letters
        ],
        "challenge_word": position.challenge_word,
        "try": try_document(position.best_try),
        "traps": position.traps,
        "knows": position.knows,
        "against": Opponent(position.knows).against(),
        "opponent_from": position.opponent_from,
        "named": list(position.named),
    }
    if position.odds is not None:  # a position explained from its config
        document["casual_table"] = {
            "knows": position.odds.knows,
            "reach": position.odds.reach,
            "none": position.odds.none,
            "words": position.odds.words,
            "letters": dict(position.odds.letters),
            "by_table": [
                {"knows": t.knows, "reach": t.reach, "none": t.none, "words": t.words}
                for t in position.odds_by_table
            ],
        }
    if find_game(position.game).decision_tables:
        document["game"] = position.game
        document["decisions"] = [
            {"fragment": d.fragment, "play": d.play} for d in position.decisions
        ]
        document["printed"] = position.printed
    return document


def _threshold(value: float | None) -> float | str | None:
    """A threshold in JSON: a number, "-inf" or "+inf" (JSON has no infinities), or null."""
    if value is None or math.isfinite(value):
        return value
    return "+inf" if value > 0 else "-inf"
