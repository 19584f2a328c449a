"""Analysis after a game (issue #32): a background job asks the game's own analysis function about
a match that is over and stores what it says; the replay page and the API show it.

Game-agnostic: a game offers analysis by having a module ``games/<slug>/analysis.py`` with a
function ``analyse(record) -> dict`` (the match record — ``games.core.AnalysisInput`` — in, plain
JSON out); nothing here names a game (``analysis.engines``).  Analysis shows every hidden card, so
it is refused while the match runs and while its deal is embargoed (``live.embargo``).
"""
