"""getaway: five escape-themed tabletop games, playable by people and by machines."""

from __future__ import annotations

__version__ = "0.2.0"
