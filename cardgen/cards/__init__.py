"""Cards and tables, as data: card and table configs (`config`, `paper`), what a card says
(`strategy`: `Card`, its seats and openings; `pocket` and `selection`: what its entries win at
a casual table and which a budgeted deck prints), strategy tables (`tables`), one position
explained (`explain`), the pipeline from a config to a card (`make`) and the cache that keeps
cards and solved games between runs (`cache`). It imports `cardgen.games` and `cardgen.words`;
renderers and commands read its data types, and it never imports them.
"""
