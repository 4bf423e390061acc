"""The games and what their solutions say: the seam every feature reads (`game`:
`GameSolution`, and what every solved game answers alike, written once), the games themselves
(`variants`: Ghost, SuperGhost, SuperDuperGhost), their solvers (`trie` and `solver` for Ghost,
`infix` and `superghost` for the variants, `losers` the rule both apply, `plancosts` the
fewest decisions where the variants' decision tables read them), the ranking of
winning word sets (`ranking`) and of strategies in every game (`scores`), the walk over a
solution's levels (`levels`), what to play at a table that does not play perfectly (`advice`,
`traps`, `casual`, `opponent`), Ghost's answers at every fragment at once for the site
(`everywhere`), the computer seats of `cardgen play` (`computer`), and a solved
game stored for play (`planes` writes it with numpy, `stored` reads Ghost's back as a
`GameSolution` without, `storedinfix` the variants'), and the work of solving estimated before
it starts (`workload`; `explainwork`: all that `cardgen explain` does). It imports
`cardgen.words` (lexicons) and the root's helpers, never a card, a renderer or a command.
"""
