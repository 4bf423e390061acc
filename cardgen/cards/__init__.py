"""Cards and tables, as data: card and table configs (`config`, `paper`), what a card says
(`strategy`: `Card`, its seats and openings; `odds`: what its entries win, as data), the pocket
figures (`pocket`: Ghost's casual-table model, `openings`: each opening's figures from it,
`superpocket` and `offers`: the variants', `decisionrows`: which rows of a decision table a deck
prints first, `ranges`: over a range of tables, `figures`: the model by the game's,
`localplay`: the variants' around one position), the deck's choice (`selection`, `winrates`: a
seat's win rates at each table), strategy tables (`tables`), one position explained
(`position`, without numpy; `explain` from a config), the pipeline from a config to a card
(`make`), the cache that keeps cards and solved games between runs (`cache`, its keys
`cachekey`, `infixcache`: what it keeps of a SuperGhost game) and the files beside it that
`explain` and `play` read with the standard library (`querycache`: the positions index and the
stored games; `played`: the game `play` plays). It imports `cardgen.games` and
`cardgen.words`; renderers and commands read its data types, and it never imports them.
"""
