"""The commands: `cli` gathers arguments (worded by `usage`) and calls one function; `runner` is
`cardgen build` and `cardgen table` (configs in, every output written whole or not at all;
`pool`: a table's rows solved in a process pool), `publish` the static site, `play` a game in
the terminal (`outcome`: how it ended), `terminal` draws progress. The top package, and with
`terminal` the only code that prints: it may import every other package (`cardgen.render` and
below), and none imports it.
"""
