"""The games and their solutions: variants, solvers, ranking, traps, casual tables."""
