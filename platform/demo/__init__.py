"""Demo content: a site that is alive on its first visit (``DEMO_CONTENT``, off unless the embedded
runner turns it on).

A few matches between demo players run at all times, one per game at most, so that the watch list
and the TV pages show live play, and a small tournament among them is scheduled again whenever the
last one has ended.  The demo players are bot accounts (``demo-bot-1`` …) that play with the
games' own AI, paced: one move per demo seat and beat tick (``DEMO_MOVE_SECONDS``), where live's
AI seats would move as fast as the worker computes — a demo nobody can follow, that keeps a core
busy and fills the match table.  Every demo match and the demo tournament are unrated: no
rating changes (docs/architecture.md "Demo content").

    models    the row every top-up locks, and which matches the demo started
    players   the demo accounts and their moves
    services  the top-up (matches and tournament) and one paced step of play
    tasks     the two beat jobs (scheduled only when DEMO_CONTENT is on)
"""
