"""Escape Plan -- a heavy economic heist game over three days, with Sandra at 2 players.

The content layer is being built; the game is not registered yet.
"""
