"""Demo content (platform/demo): AI players' matches and a tournament running at all times, so a
fresh site is not empty.  Off unless ``DEMO_CONTENT`` is set; the embedded runner (``make run``)
sets it, production leaves it off."""

from __future__ import annotations

from .celery import CELERY_BEAT_SCHEDULE
from .environment import env_bool, env_float, env_int, env_str

DEMO_CONTENT = env_bool("DEMO_CONTENT", False)
DEMO_MATCHES = env_int("DEMO_MATCHES", 3)  # running demo matches, one per game at most
DEMO_PLAYERS = 8  # demo accounts demo-bot-1 … demo-bot-8 (a tournament of two tables of four)
DEMO_MOVE_SECONDS = env_float("DEMO_MOVE_SECONDS", 2.0)  # one move per demo match this often
DEMO_TOURNAMENT = env_bool("DEMO_TOURNAMENT", True)  # with DEMO_CONTENT: keep a demo tournament
DEMO_TOURNAMENT_GAME = env_str("DEMO_TOURNAMENT_GAME", "")  # empty: the shortest game
DEMO_TOURNAMENT_START_S = env_int("DEMO_TOURNAMENT_START_S", 300)  # a new one starts this later

if DEMO_CONTENT:
    CELERY_BEAT_SCHEDULE["demo-top-up"] = {
        "task": "demo.tasks.top_up",
        "schedule": 10.0,
        "options": {"expires": 10.0},
    }
    CELERY_BEAT_SCHEDULE["demo-play"] = {
        "task": "demo.tasks.play",
        "schedule": DEMO_MOVE_SECONDS,
        "options": {"expires": DEMO_MOVE_SECONDS},
    }
