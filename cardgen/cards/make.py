"""Making cards: word lists read and their playable words built once, then solved into cards.

`make_card` is the whole pipeline in one call, for notebooks and scripts; `Lexicons` is its
cache, shared by every config and table row of a run: the lists and lexicons of
`cardgen.words.builder`, and the frequencies, rankings and solved games built on them. Each
of its steps takes a `LexiconRequest`: which list, minimum length, spelling, ranking and game.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.cards.cache import Store
from cardgen.cards.cachekey import config_key
from cardgen.cards.config import (
    MIN_LENGTHS,
    PLAYERS,
    CardConfig,
    RankingOptions,
    config_spelling,
)
from cardgen.cards.strategy import FEWEST_INFO, Card, DictionaryInfo, RankingInfo, build_card
from cardgen.errors import InputError, RankEncodingError, WordListError
from cardgen.games.game import GameSolution
from cardgen.games.opponent import PERFECT, Opponent, TableRange
from cardgen.games.variants import GHOST, Game, SuperGhost, find_game
from cardgen.games.workload import check
from cardgen.progress import ProgressCallback, stage
from cardgen.words.alphabet import Spelling
from cardgen.words.builder import LexiconBuilder, where
from cardgen.words.familiarity import (
    NONE,
    WordZipf,
    default_avoid,
    lexicon_zipf,
    spelled,
    wordfreq,
    wordfreq_entry,
    wordfreq_label,
)
from cardgen.words.lexicon import Lexicon
from cardgen.words.wordlists import (
    CatalogList,
    ListFile,
    WordListSource,
    parse_source,
)
from cardgen.yamlfile import integer_problem

if TYPE_CHECKING:  # numpy loads only to solve: a card read from the cache needs none of it
    from cardgen.cards.pocket import CasualPlay
    from cardgen.cards.superpocket import InfixPlay
    from cardgen.games.ranking import Ranking
    from cardgen.games.traps import Thresholds
    from cardgen.words.familiarity import FloatArray


@dataclass(frozen=True)
class LexiconRequest:
    """What lexicon a card (or a table row) is made on, and how its words are ranked: the one
    value every step of `Lexicons` takes, built once from a config (`of`) and passed on.

    >>> LexiconRequest(CatalogList("twl06"), 4).game.name
    'ghost'
    """

    source: WordListSource
    """The word list: a catalog name or a file."""
    min_length: int
    """The fewest letters a playable word has."""
    spelling: Spelling | None = None
    """How the list's entries become words (None: its language's, `list_spelling`)."""
    ranking: RankingOptions = RankingOptions()
    """How the solver picks among words, and the word frequencies it and the traps read."""
    game: Game = GHOST
    """The game played on it: a game that is not prefix-free keeps the words that begin with a
    shorter one."""

    @classmethod
    def of(cls, config: CardConfig) -> LexiconRequest:
        """A card config's: its list, minimum length, spelling, ranking and game."""
        return cls(config.dictionary, config.min_length, config_spelling(config),
                   config.ranking, config.game)


class Lexicons(LexiconBuilder):
    """A run's word lists and lexicons (`LexiconBuilder`) and what cards need of them, each
    worked out once however many configs or rows share it: word frequencies, rankings, solved
    games and cards; with `cache`, cards and solved games are kept between runs
    (`cardgen.cards.cache`); with `max_seconds`, work estimated to take longer (or more memory
    than is free) is refused before it starts (`cardgen.games.workload`); `drawing`: the run
    draws PDF decks (a whole deck's layout is checked against `max_seconds` too)."""

    def __init__(self, *, progress: ProgressCallback | None = None, cache: bool = False,
                 max_seconds: float | None = None, drawing: bool = False) -> None:
        super().__init__(progress=progress)
        self.max_seconds = max_seconds
        self.drawing = drawing
        self.store = Store.default(cache)
        self._wordfreq: dict[str, Mapping[str, float]] = {}
        self._zipf: dict[tuple[str, WordListSource, int, Spelling, bool], WordZipf] = {}
        self._avoid: dict[str, frozenset[str]] = {}
        self.games: dict[tuple[CardConfig, bool], GameSolution | Thresholds] = {}
        """Each card config's solved game (with or without its traps) worked out in the run."""

    def playable(self, request: LexiconRequest) -> Lexicon:
        """The playable words the request names (`LexiconBuilder.lexicon`)."""
        return self.lexicon(request.source, request.min_length, request.spelling,
                            prefix_free=request.game.prefix_free)

    def info(self, request: LexiconRequest) -> DictionaryInfo:
        """What a card says about its word list."""
        return DictionaryInfo.of(self.wordlist(request.source), self.playable(request))

    def word_zipf(self, request: LexiconRequest) -> WordZipf | None:
        """The Zipf frequency of every word of the lexicon, from the request's `familiarity`:
        None for `none` (or a language cardgen has no wordfreq data for, when the config left
        `familiarity` to its default). Worked out once per run per (data, lexicon), and kept
        in the cache across runs (`cardgen.words.zipfcache`)."""
        options = request.ranking
        if options.familiarity == NONE:
            return None
        lexicon = self.playable(request)
        frequencies, language = options.frequencies, ""
        if frequencies is not None:
            label, digest = frequencies.label, frequencies.sha256
        else:
            entry = wordfreq_entry(lexicon.spelling.language)
            if entry is None:
                return None
            label, digest, language = wordfreq_label(entry), entry.sha256, entry.language
        key = (digest, request.source, request.min_length, lexicon.spelling,
               request.game.prefix_free)
        if key not in self._zipf:

            def compute() -> FloatArray:
                data = frequencies.zipf if frequencies is not None else self._data(language)
                return lexicon_zipf(lexicon.words, spelled(data, lexicon.spelling))

            from cardgen.words import zipfcache

            cache_key = zipfcache.key(digest, lexicon.spelling, lexicon.words)
            zipf = zipfcache.cached(cache_key, len(lexicon.words), compute)
            zipf.setflags(write=False)  # shared by every caller of the run
            self._zipf[key] = WordZipf(zipf, label, digest)
        return self._zipf[key]

    def _data(self, language: str) -> Mapping[str, float]:
        """A language's wordfreq data, decoded once per run."""
        if language not in self._wordfreq:
            self._wordfreq[language] = wordfreq(language, progress=self.progress).zipf
        return self._wordfreq[language]

    def ranking(self, request: LexiconRequest) -> tuple[Ranking, Container[str], RankingInfo]:
        """The ranking a request asks for on its lexicon: the solver's flags, the rare words a
        card marks, and what the card says of it. Frequencies come from `word_zipf`; the
        default avoid lists are read once per run, and only for `familiar`."""
        from cardgen.games.ranking import FEWEST, familiar_ranking  # numpy: only to rank

        options = request.ranking
        if options.by == "fewest":
            return FEWEST, frozenset(), FEWEST_INFO
        zipf = self.word_zipf(request)
        lexicon = self.playable(request)
        if zipf is None:  # a config saying so is refused when read; the API says so here
            why = (
                "`familiarity` is none"
                if options.familiarity == NONE
                else f"cardgen has no wordfreq data for language {lexicon.spelling.language}"
            )
            raise WordListError(
                f"{where(request.source)}: `ranking: familiar` needs frequency data, and {why}"
            )
        avoid = options.avoid or frozenset()
        if not options.replace_avoid:  # the config's words add to the default list
            language = lexicon.spelling.language
            if language not in self._avoid:
                self._avoid[language] = default_avoid(language, progress=self.progress)
            avoid = avoid | self._avoid[language]
        ranking, rare = familiar_ranking(lexicon.words, zipf.zipf, options.rare_below, avoid)
        avoided = int(ranking.avoided.sum()) if ranking.avoided is not None else 0
        info = RankingInfo("familiar", options.rare_below, zipf.label, zipf.sha256, avoided)
        return ranking, rare, info

    def traps(self, request: LexiconRequest, solution: GameSolution) -> Thresholds | None:
        """Every seat's escape thresholds on the request's solved game (docs/rules.md,
        "Traps"), or None where it reads no word frequencies."""
        from cardgen.games.traps import thresholds

        zipf = self.word_zipf(request)
        return None if zipf is None else thresholds(solution, zipf.zipf)

    def card(
        self,
        request: LexiconRequest,
        players: int,
        title: str | None = None,
        opponent: Opponent = PERFECT,
        *,
        solved: tuple[GameSolution, Thresholds | None] | None = None,
        plays: Sequence[CasualPlay] | Sequence[InfixPlay] = (),
    ) -> Card:
        """Solve the game on the request's lexicon, ranked as it says, and build its card for
        `opponent`, with traps where there are frequency data and the pocket figures;
        `solved`: the game and its traps already solved so (`config_game`), `plays`: the
        pocket figures' tables' play (`config_figures`)."""
        from cardgen.cards.figures import card_figures

        _, rare, about = self.ranking(request)
        zipf = self.word_zipf(request)
        if solved is None:
            solution = self.solution(request, players, work="card")
            traps = self.traps(request, solution)
        else:
            solution, traps = solved
        if traps is not None and zipf is not None:  # the card names the traps' frequencies
            about = replace(about, familiarity=zipf.label, familiarity_sha256=zipf.sha256)
        if opponent.knows is not None and traps is None:
            raise WordListError(
                f"{where(request.source)}: `opponent: {{knows: {opponent.knows:g}}}` needs "
                "word frequencies: this list's language has none; give a `familiarity:` file"
            )
        stage(self.progress, "card", "the strategy of every seat")
        card = build_card(solution, self.info(request), title, ranking=about, rare=rare,
                          traps=traps, opponent=opponent, game=request.game)
        stage(self.progress, "odds", "what each entry wins at casual tables")
        return card_figures(card, solution, None if zipf is None else zipf.zipf,
                            opponent.table_range, plays)

    def solution(self, request: LexiconRequest, players: int, *, work: str = "solve"
                 ) -> GameSolution:
        """The solved game of the request (Ghost unless it says), its word sets ranked as it
        says; first, the `work` to follow (a `solve`, a `card`) is checked against
        `max_seconds`."""
        ranking, _, _ = self.ranking(request)
        lexicon = self.playable(request)  # the lexicon's own errors stand as they are
        game = request.game
        if self.max_seconds is not None:
            check(lexicon, game.name, players, work, self.max_seconds, where(request.source))
        stage(self.progress, "solve", f"solving {game.title} for {players} players")
        try:
            return game.solve(lexicon, players, ranking)
        except RankEncodingError as error:  # a list too large to rank its word sets
            raise WordListError(f"{where(request.source)}: {error}") from None


def config_card(
    config: CardConfig, lexicons: Lexicons,
    before_solve: Callable[[Lexicon], None] | None = None,
) -> Card:
    """The card a card config describes, as `cardgen build` makes it. A card computed solves
    its game through `config_game` (`before_solve` sees its playable words first, and may
    refuse), reading back a game `explain` or `play` kept; the build keeps only what a build
    reads again (the card and its deck): the solved game, its tables' figures and the stored
    game are written by the commands that read them (issue 39, item 2: keeping them was a
    quarter of a cold twl06-2p build and a fifth of a SuperGhost one)."""

    def compute() -> Card:
        solved = config_game(config, lexicons, work="card", before_solve=before_solve,
                             keep=False)
        plays = config_figures(config, lexicons, *solved, config.opponent.table_range,
                               keep=False)
        return lexicons.card(LexiconRequest.of(config), config.players, config.title,
                             config.opponent, solved=solved, plays=plays)

    return lexicons.store.card(config, compute)  # read back from the cache when it has it


def config_figures(
    config: CardConfig, lexicons: Lexicons, solution: GameSolution, traps: Thresholds | None,
    tables: TableRange, before: Callable[[int], None] | None = None, *, keep: bool = True,
) -> tuple[CasualPlay, ...] | tuple[InfixPlay, ...]:
    """How each casual table of `tables` plays a card config's solved game, with `traps` its
    words' frequencies: the pocket figures' model by its game's (`cardgen.cards.pocket`,
    `cardgen.cards.superpocket`; () for a game of neither). Each table's figures of a Ghost
    game are read back from the cache, else worked out and (with `keep`, as explain does)
    kept; a variant's are not kept (explain works out its position's alone:
    `cardgen.cards.localplay.position_odds`). `before` sees how many tables are worked out,
    before they are (and may refuse)."""
    from cardgen.cards.pocket import CasualPlay, TableFigures, casual_play, last_words
    from cardgen.cards.superpocket import infix_plays
    from cardgen.games.solver import Solution
    from cardgen.games.superghost import InfixSolution

    zipf = None if traps is None else traps.zipf
    thetas = list(dict.fromkeys(tables.tables))  # each Zipf once, lowest first

    def key(theta: float) -> dict[str, object]:
        return dict(config_key(config, "game"), kind="figures", knows=theta)

    def missing(count: int) -> None:
        if before is not None:
            before(count)

    if isinstance(solution, Solution):
        def casual(thetas: list[float]) -> list[TableFigures]:
            missing(len(thetas))
            last = last_words(solution)  # the same at every table
            return [casual_play(solution, zipf, theta, last).figures() for theta in thetas]

        found = lexicons.store.remember_each(thetas, key, TableFigures, casual, keep=keep)
        return tuple(CasualPlay.of(solution, found[theta]) for theta in tables.tables)
    if isinstance(solution, InfixSolution):  # every table's, worked out together, not kept
        missing(len(thetas))
        return infix_plays(solution, zipf, tables.tables)
    return ()


def config_solution(config: CardConfig, lexicons: Lexicons, work: str = "solve") -> GameSolution:
    """The solved game of a card config, as its card is solved (its spelling and ranking);
    `work`: what follows the solve, for the time budget (`Lexicons.solution`)."""
    return lexicons.solution(LexiconRequest.of(config), config.players, work=work)


def config_game(
    config: CardConfig, lexicons: Lexicons, *, traps: bool = True,
    before_solve: Callable[[Lexicon], None] | None = None, work: str = "solve",
    keep: bool = True,
) -> tuple[GameSolution, Thresholds | None]:
    """The solved game of a card config, as its card is solved, and with `traps` its escape
    thresholds (None where the config reads no word frequencies): what
    `cardgen explain` and `cardgen play` look positions up in. Read back from the cache when
    it has them; else `before_solve` sees the playable words first (and may refuse), the
    solve is checked against the budget for the `work` that follows it, and with `keep` the
    result is kept (a variant's as the stored game `play` reads)."""
    from cardgen.games.traps import Thresholds

    def compute(with_traps: bool = traps) -> GameSolution | Thresholds:
        request = LexiconRequest.of(config)
        if before_solve is not None:  # the lexicon the solve reads next (built once a run)
            before_solve(lexicons.playable(request))
        solution = config_solution(config, lexicons, work)
        if not with_traps:
            return solution
        found = lexicons.traps(request, solution)
        return solution if found is None else found

    def kept() -> GameSolution | Thresholds:  # a variant's is the game play reads
        if isinstance(config.game, SuperGhost) and lexicons.store.root is not None:
            from cardgen.cards.infixcache import kept_game

            return kept_game(config, compute, traps, keep=keep)
        found: GameSolution | Thresholds = lexicons.store.game(config, compute, traps=traps,
                                                               keep=keep)
        return found

    try:  # once a run: publishing reads the game of the card it built
        game = lexicons.games[config, traps]
    except KeyError:
        game = lexicons.games[config, traps] = kept()
    except TypeError:  # a config holding data that cannot be a key (never one that is shipped)
        game = kept()
    if isinstance(game, Thresholds):  # they hold their solved game
        return game.solution, game
    return game, None


def make_card(
    dictionary: str | Path | WordListSource,
    players: int,
    min_length: int,
    *,
    title: str | None = None,
    spelling: Spelling | None = None,
    ranking: RankingOptions | None = None,
    opponent: Opponent = PERFECT,
    progress: ProgressCallback | None = None,
    game: str = "ghost",
) -> Card:
    """Solve Ghost (or the `game` named: superghost, superduperghost) on a word list and
    build the card of every seat and opening.

    `dictionary` is a catalog name (`"twl06"`), a `Path` of a word list file, or a string read
    by the config rule (`"./mine.txt"` is a file, relative to the current folder). `spelling`
    defaults to the list's language's; `ranking` to the fewest words (for familiar words:
    `RankingOptions(by="familiar")`); `opponent` to perfect players (a casual table:
    `Opponent(knows=3.0)`). The word frequencies of the traps are read as a config's
    `familiarity` says (the wordfreq data of the list's language, fetched once). `players`
    and `min_length` take what a config takes; anything else is an `InputError` (a
    ValueError) worded as the config's.

    >>> card = make_card(Path("tests/data/animals.txt"), players=2, min_length=3)
    >>> opening = card.seats[0].openings[0]
    >>> opening.moves, opening.words
    (('b', 'g'), ('bear', 'beaver'))
    """
    for key, value, bounds in (("players", players, PLAYERS), ("min_length", min_length,
                                                                 MIN_LENGTHS)):
        problem = integer_problem(value, bounds)
        if problem is not None:  # the config's bounds and words
            raise InputError(f"{key}: {problem}")
    if isinstance(dictionary, Path):
        source: WordListSource = ListFile(dictionary, str(dictionary))
    elif isinstance(dictionary, str):
        source = parse_source(dictionary, Path.cwd())
    else:
        source = dictionary
    request = LexiconRequest(source, min_length, spelling, ranking or RankingOptions(),
                             find_game(game))
    return Lexicons(progress=progress).card(request, players, title, opponent)


__all__ = ["CatalogList", "LexiconRequest", "ListFile", "Lexicons", "make_card"]
