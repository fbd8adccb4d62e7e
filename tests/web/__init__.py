"""The page's tests in CPython: tm/web driven as a player's clicks would, its words and
catalogs, the rules page; no browser (that is tests/e2e)."""
