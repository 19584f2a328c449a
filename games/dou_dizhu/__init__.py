"""Dou Dizhu ("fight the landlord"): three players, one deal, a landlord against two peasants."""

from games.dou_dizhu.declaration import GAME

__all__ = ["GAME"]
