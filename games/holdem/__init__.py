"""Texas Hold'em (no limit): four players, blinds 10/20, a match until one player has every chip."""

from games.holdem.declaration import GAME

__all__ = ["GAME"]
