"""The database: SQLite in the run folder by default, ``DATABASE_URL`` (PostgreSQL) in
production."""

from __future__ import annotations

import os

import dj_database_url

from .environment import RUN_DIR, env_bool, env_str

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{RUN_DIR / 'db.sqlite3'}"), conn_max_age=60
    )
}
# A kept connection is checked before its first use in each request or database call: after the
# database server restarts, the next handshake or command gets a new connection instead of an
# error on the dead one (found by the store-restart system test: HTTP 500 on the WebSocket
# handshake).
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several processes (daphne, workers, beat) share the file: wait for locks instead of failing.
    DATABASES["default"]["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    # In-process tests: a file, not Django's shared-cache memory database, whose table locks
    # ("database table is locked") are not waited for; consumer threads and the test thread
    # then meet the same lock waiting as the real processes do.
    RUN_DIR.mkdir(parents=True, exist_ok=True)
    # One file per test process, so that two test runs on one machine never share a database.
    DATABASES["default"]["TEST"] = {"NAME": str(RUN_DIR / f"test-db-{os.getpid()}.sqlite3")}
else:
    # Behind a pooler in transaction mode (DATABASE_TRANSACTION_POOLER=1; k8s/05-pgbouncer.yaml)
    # consecutive transactions of one Django connection may run on different server connections,
    # so a named cursor cannot outlive its transaction: QuerySet.iterator() then fetches in one go
    # instead of declaring a server-side cursor.  Nothing else the platform runs keeps state in
    # the session (no advisory locks, LISTEN, SET or temporary tables: docs/architecture.md
    # "Capacity"); the migrate Job connects straight to PostgreSQL.
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = env_bool(
        "DATABASE_TRANSACTION_POOLER", False
    )
    if env_bool("DATABASE_PREPARED_STATEMENTS", True):
        # Server-side binding lets psycopg prepare a statement the fifth time a connection runs it:
        # PostgreSQL then stops planning the statements every move runs (planning the row lock
        # alone took 0.8 ms, several times its execution).  PgBouncer 1.22 or later with
        # max_prepared_statements > 0 keeps them across its server connections (psycopg closes
        # them at the protocol level with a libpq of 17 or later, as its binary wheel bundles);
        # turn them off behind any other pooler in transaction mode.
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            server_side_binding=True, prepare_threshold=5
        )
