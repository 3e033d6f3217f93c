"""The errors every layer raises and catches.

All of them are ``ValueError`` subclasses: each one means "this input is not
acceptable", and each message names the bad value so that a person reading it
knows what to fix.
"""

from __future__ import annotations


class GetawayError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalAction(GetawayError):
    """An action that is not legal for that seat now; the state is unchanged."""


class ConfigError(GetawayError):
    """A bad game configuration: unknown game, player count or variant option."""


class RecordError(GetawayError):
    """A malformed, damaged or tampered game record."""


class ContentError(GetawayError):
    """A content data file (cards, layouts, maps) that fails validation."""


class NotRealTime(GetawayError):
    """``advance`` was called on a game that has no clock."""
