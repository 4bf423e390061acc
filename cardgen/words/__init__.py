"""Word lists and the words a game plays: lists, catalog, language rules, lexicons."""
