"""Tractor (Sheng Ji, "upgrade"): four players in two fixed partnerships, two packs, a match of
deals played up through the team levels 2 to Ace; the first team promoted beyond the Ace wins.

The game is declared in :mod:`games.tractor.declaration` and registered here as ``GAME``.

Modules: ``order`` (trumps, effective suits, strengths), ``bidding`` (declarations and
overcalls), ``tricks`` (leads, follows, what wins), ``scoring`` (points, kitty bonus, the level
table), ``actions`` (actions and their JSON), ``deals`` (shuffles and ``options["deals"]``),
``state`` (the match), ``bots`` (AI levels).
"""

from games.tractor.declaration import GAME

__all__ = ["GAME"]
