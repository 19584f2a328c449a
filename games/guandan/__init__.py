"""Guandan ("throwing eggs"): four players in two fixed partnerships, two packs, a match of deals
played up through the team levels 2 to Ace (docs/games/guandan.md).

Modules: ``combos`` (rank order, readings, what beats what), ``moves`` (legal plays with every
reading), ``actions`` (actions and their JSON), ``deals`` (shuffles and ``options["deals"]``),
``tribute`` (tribute and return), ``state`` (the match), ``planning`` and ``bots`` (AI levels),
``declaration`` (``GAME``).
"""

from games.guandan.declaration import GAME

__all__ = ["GAME"]
