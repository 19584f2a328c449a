"""Two matchmakers racing over the same queue never put a player in two matches.

Both passes run at once in two threads, each with its own database connection.  Every pass is held
inside its transaction for a moment after it has read (and, on PostgreSQL, locked) its entries, so
the two are truly in flight together.  On PostgreSQL the second pass skips the rows the first holds
(``SKIP LOCKED``); on SQLite the IMMEDIATE transaction mode makes the second wait at BEGIN for the
first to commit, after which the seated entries are gone.  Either way the players each pass saw
must be disjoint, and every player must sit in exactly one match.
"""

from __future__ import annotations

import threading
import time
from collections import Counter

import pytest
from django.db import OperationalError, connection

from live.models import Seat
from matchmaking import pairing, services
from matchmaking.models import QueueEntry

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = 40


def test_two_matchmakers_racing_never_seat_a_player_twice(monkeypatch) -> None:
    from accounts.models import User

    users = [User.objects.create(username=f"racer{i}") for i in range(PLAYERS)]
    for user in users:
        services.queue_join(user_id=user.pk, game_slug="spectacular_bid")

    seen: list[set[int]] = []
    form_tables = pairing.form_tables

    def slow_form_tables(entries, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append({e.player_id for e in entries})
        time.sleep(0.3)  # hold the transaction (and its locks) while the other pass runs
        return form_tables(entries, *args, **kwargs)

    monkeypatch.setattr(pairing, "form_tables", slow_form_tables)
    start = threading.Barrier(2)
    made: list[list[int]] = [[], []]
    errors: list[BaseException] = []

    def matchmaker(index: int) -> None:
        try:
            start.wait()
            for _ in range(20):  # a beat's worth of passes, until the queue is empty
                try:
                    made[index].extend(services.queue_pass().match_ids)
                except OperationalError:  # SQLite's lock: the next tick tries again
                    time.sleep(0.05)
                    continue
                if not QueueEntry.objects.exists():
                    return
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=matchmaker, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
    assert not QueueEntry.objects.exists()
    seats = Counter(Seat.objects.values_list("user_id", flat=True))
    assert seats == Counter({u.pk: 1 for u in users})  # every player in exactly one match
    assert len(made[0]) + len(made[1]) == PLAYERS // 2
    # No pass ever saw a player that another pass had seated: the passes that found players saw
    # disjoint sets (the first took everyone; the rest, if any, saw nothing to pair).
    non_empty = [s for s in seen if s]
    assert sum(len(s) for s in non_empty) == len(set().union(*non_empty)) == PLAYERS
