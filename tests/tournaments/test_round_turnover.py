"""A round starts all at once (docs/tournaments.md, "Round turnover"): every table's match is
created once in the round's one transaction, every player sits at exactly one table or has the
bye, the players hear "round N: your game" only after the commit, and two handlers racing over
the round's last results pair the next round once."""

from __future__ import annotations

import threading
import time
from collections import Counter
from typing import Any

import pytest
from django.db import OperationalError, connection, transaction

from live import publish
from live.models import Match, MatchStatus, Move, Seat
from tournaments import jobs, services
from tournaments.models import Bye, Entry, Pairing, PairingStatus, Round, Tournament

from .conftest import finish_round, lose, register, running, start

pytestmark = pytest.mark.django_db(transaction=True)

FIELD = 65  # odd: one bye a round


def one_seat_each(t: Tournament, number: int) -> Counter[int]:
    seen: Counter[int] = Counter()
    for players in Pairing.objects.filter(tournament=t, round__number=number).values_list(
        "players", flat=True
    ):
        seen.update(players)
    seen.update(
        Bye.objects.filter(tournament=t, round__number=number).values_list("entry_id", flat=True)
    )
    return seen


def test_a_round_of_65_players_starts_each_match_once_and_seats_everyone_once(
    make_user: Any, make_tournament: Any
) -> None:
    t = make_tournament(rounds=2, max_players=FIELD)
    entries = register(t, [make_user(f"turn{i}") for i in range(FIELD)])
    start(t)
    for number in (1, 2):
        tables = list(Pairing.objects.filter(tournament=t, round__number=number))
        assert len(tables) == FIELD // 2
        assert Bye.objects.filter(tournament=t, round__number=number).count() == 1
        assert one_seat_each(t, number) == Counter(e.pk for e in entries)
        match_ids = [p.match_id for p in tables]
        assert None not in match_ids and len(set(match_ids)) == len(match_ids)
        matches = Match.objects.filter(pk__in=match_ids)
        assert {m.status for m in matches} == {MatchStatus.RUNNING}
        # Seats follow the pairing's order, and each opening step is in the move log once.
        for p in tables:
            users = list(
                Seat.objects.filter(match_id=p.match_id)
                .order_by("seat")
                .values_list("user_id", flat=True)
            )
            assert users == [Entry.objects.get(pk=e).user_id for e in p.players]
            seqs = list(Move.objects.filter(match_id=p.match_id).values_list("seq", flat=True))
            assert seqs == list(range(1, p.match.seq + 1))
        if number == 1:
            finish_round(t)
    made = Match.objects.filter(created_by_id=t.organiser_id).count()
    assert made == Pairing.objects.filter(tournament=t).count() == 2 * (FIELD // 2)


def test_players_hear_of_their_round_game_only_after_it_is_committed(
    make_user: Any, make_tournament: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = make_tournament(rounds=2, max_players=8)
    register(t, [make_user(f"told{i}") for i in range(8)])
    heard: list[tuple[str, dict[str, Any], bool, str | None]] = []
    send = publish._send_ready

    def record(batch: list[publish.Ready]) -> None:
        for ready in batch:
            payload = ready.event.get("payload", {})
            if payload.get("kind") != "tournament_round":
                continue
            # Seen from the sending code: outside any transaction, and the match is there.
            status = Match.objects.filter(pk=payload["match_id"]).values_list("status", flat=True)
            heard.append((ready.group, payload, connection.in_atomic_block, status.first()))
        send(batch)

    monkeypatch.setattr(publish, "_send_ready", record)
    with transaction.atomic():
        start(t)
        assert heard == []  # nothing leaves before the commit
    assert len(heard) == 8
    for group, payload, in_transaction, status in heard:
        assert not in_transaction and status == MatchStatus.RUNNING
        assert payload["round"] == 1 and payload["tournament_id"] == t.pk
        users = set(
            Seat.objects.filter(match_id=payload["match_id"]).values_list("user_id", flat=True)
        )
        assert int(group.rsplit("-", 1)[1]) in users  # told about their own game
    assert len({g for g, *_ in heard}) == 8
    heard.clear()
    finish_round(t)
    assert sorted(p["round"] for _, p, *_ in heard) == [2] * 8


def test_a_round_that_fails_to_start_tells_nobody(
    make_user: Any, make_tournament: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = make_tournament(rounds=2, max_players=6)
    register(t, [make_user(f"fail{i}") for i in range(6)])
    sent: list[Any] = []
    monkeypatch.setattr(publish, "_send_ready", sent.append)

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the byes could not be written")

    monkeypatch.setattr(Bye.objects, "bulk_create", broken)
    with pytest.raises(RuntimeError):
        start(t)
    assert sent == []
    assert not Match.objects.filter(created_by_id=t.organiser_id).exists()
    assert not Round.objects.filter(tournament=t).exists()


def test_two_handlers_racing_over_the_last_results_pair_the_next_round_once(
    make_user: Any, make_tournament: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = make_tournament(rounds=3, max_players=8)
    register(t, [make_user(f"race{i}") for i in range(8)])
    start(t)
    held: list[int] = []
    monkeypatch.setattr(
        jobs, "enqueue", lambda name, tournament_id, eta=None: held.append(tournament_id)
    )
    for pairing in running(t):  # every result is in; their advance jobs are held back
        lose(pairing, pairing.players[1])
    assert held and Round.objects.filter(tournament=t).count() == 1
    gate = threading.Barrier(2)
    outcomes: list[str] = []
    errors: list[BaseException] = []

    def handler() -> None:
        try:
            gate.wait()
            for _ in range(50):
                try:
                    outcomes.append(services.tournament_advance(tournament_id=t.pk))
                    return
                except OperationalError:  # SQLite's lock: the job would be retried
                    time.sleep(0.05)
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=handler) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(outcomes) == ["paired", "playing"]
    assert list(Round.objects.filter(tournament=t).values_list("number", flat=True)) == [1, 2]
    assert Pairing.objects.filter(tournament=t, round__number=2).count() == 4
    assert Pairing.objects.filter(status=PairingStatus.PLAYING, tournament=t).count() == 4
