"""Cards and tables, as data: card and table configs (`config`, `paper`), what a card says
(`strategy`: `Card`, its seats and openings; `pocket` and `selection`: what its entries win at a
casual table and which a budgeted deck prints), strategy tables (`tables`), one position
explained (`position`, without numpy; `explain` from a config), the pipeline from a config to a
card (`make`), the cache that keeps cards and solved games between runs (`cache`; `infixcache`:
what it keeps of a SuperGhost game, `localplay`: one position's casual figures) and the files
beside it that `explain` and `play` read with the standard library (`querycache`: the
positions index and the stored games; `played`: the game `play` plays). It imports
`cardgen.games` and `cardgen.words`; renderers and commands read its data types, and it never
imports them.
"""
