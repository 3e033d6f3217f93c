"""Escape: Zombie City -- a cooperative real-time dice game against a 15-minute clock.

Only the content layer exists so far (``content.py``, ``data/*.toml``); rules in our
words are in ``README.md``. The game is not registered yet.
"""
