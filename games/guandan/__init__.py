"""Guandan ("throwing eggs"): four players in two fixed partnerships, two packs, a match of deals
played up through the team levels 2 to Ace.

The game is declared in :mod:`games.guandan.declaration` and deliberately not exposed here as
``GAME``: the registry finds games by that attribute, and Guandan is registered only once its
board, rules help and docs page exist.

Modules: ``combos`` (rank order, readings, what beats what), ``moves`` (legal plays with every
reading), ``actions`` (actions and their JSON), ``deals`` (shuffles and ``options["deals"]``),
``tribute`` (tribute and return), ``state`` (the match), ``bots`` (AI levels).
"""
