"""Word lists and the words a game plays: where a list comes from (`wordlists`, the `catalog`,
a package `index`), its `entries`, each language's letters and rules (`languages`, `alphabet`,
German `names`, `places` and `abbreviations`, and `reviewed`: the reviewed stop and keep
lists), word frequencies (`familiarity`, `zipfcache`) and the playable words of a game
(`lexicon`; `builder`: a run's lists and lexicons, each read or built once). The lowest
package: it imports only the root's shared helpers (errors, files, the cache's reader, YAML,
progress), never a game, a card or a renderer.
"""
