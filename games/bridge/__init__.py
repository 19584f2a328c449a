"""Bridge (contract bridge, one deal): four players in two fixed partnerships, North–South against
East–West; an auction for the contract, the play of thirteen tricks with the dummy's hand
open, and the score of that one deal.

Modules: ``calls`` (the auction's rules), ``actions`` (actions and their JSON), ``deals`` (the
vulnerability, the deal and ``options["deals"]``), ``tricks`` (following suit, trick winners),
``scoring`` (the score breakdown), ``state`` (the deal), ``declaration`` (``GAME``); the robots:
``hands`` (hand evaluation), ``bidding`` (the bidding system), ``solver`` (double-dummy play),
``play`` (card play from a seat's view), ``bots`` (AI levels); beyond the deal: ``pbn`` (PBN
export) and ``duplicate`` (duplicate scoring).
"""

from games.bridge.declaration import GAME

__all__ = ["GAME"]
