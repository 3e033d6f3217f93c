"""Escape from New York -- 1 to 4 heroes against the New York bot, with a traitor's way out.

Rules in our words: ``README.md`` in this package. The content layer
(:mod:`.content`) is complete; the rules engine is being built and the game is
not registered yet.
"""
