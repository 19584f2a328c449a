"""One Poker: two players lock one of two cards each, bet, and compare; a match to the last chip."""

from games.one_poker.declaration import GAME

__all__ = ["GAME"]
