"""Spectacular Bid: the two-player Fives dominoes duel with opening auctions (docs/games/
spectacular_bid.md documents options, actions, the view and the line layout)."""

from games.spectacular_bid.declaration import GAME

__all__ = ["GAME"]
