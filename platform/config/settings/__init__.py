"""Settings for every way the platform runs, one module per concern.

One code path: the embedded default (SQLite + a Redis server the run command starts itself) and
production (``DATABASE_URL`` / ``REDIS_URL``) differ only in environment variables.  Without a
``REDIS_URL`` (the in-process unit tests) the channel layer is in-memory and Celery runs eagerly.

``DJANGO_SETTINGS_MODULE=config.settings`` names this package; ``config.test_settings`` adds what
only the in-process tests want.  Every setting is declared (with its default) in one module here
and read by the code as ``django.conf.settings.X`` when it is needed (``environment.py``).

    environment  the run folder; reading environment variables
    base         apps, middleware, URLs, templates, passwords, languages, static files
    database     DATABASES
    security     hosts, secret key, HTTPS, proxies, log-in lockout and rates, CSP
    redis        channel layer, cache, where the rate counters and socket caps count
    celery       broker, queues, periodic jobs
    live         group commit, socket guards and caps, spectators, AI moves
    clocks       the time reference and its tolerances, the sweeper, outages, the stall bound
    api          REST framework, the API's throttle, the OpenAPI schema
    operations   metrics, logging
    community    lobby, ranked queue, Elo, chat
    demo         demo content (off unless the embedded runner turns it on)
"""

from __future__ import annotations

from .api import *  # noqa: F403
from .base import *  # noqa: F403
from .celery import *  # noqa: F403
from .clocks import *  # noqa: F403
from .community import *  # noqa: F403
from .database import *  # noqa: F403
from .demo import *  # noqa: F403
from .environment import BASE_DIR, RUN_DIR  # noqa: F401
from .live import *  # noqa: F403
from .operations import *  # noqa: F403
from .redis import *  # noqa: F403
from .security import *  # noqa: F403
