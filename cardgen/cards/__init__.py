"""Cards: configs, what a card says, its figures, tables, explain and the cache."""
