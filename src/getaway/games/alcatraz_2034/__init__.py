"""Escape Run: Alcatraz 2034 -- a semi-cooperative race off a waking prison island.

Rules in our words: ``README.md`` in this package. So far the package holds
the game's content (``content.py`` and ``data/``); the rules engine follows,
and the game is not registered yet.
"""
