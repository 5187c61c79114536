"""Rulebooks in French, Italian and English, from one template per game: ``book.render_rulebook`` is the
whole stage (``book`` says how). The package itself imports nothing, so that a command which only needs a
book's words (``catalog``) does not load the typesetter.
"""
