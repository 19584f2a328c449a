"""The Prometheus endpoint: read after a match, its counts have moved — figures computed from
the database and Redis at scrape time, the same from every process."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from live.services import match_resign
from operations import clocklag
from support.live import duel

from .conftest import against_ai, play

pytestmark = pytest.mark.django_db(transaction=True)


def scrape(client: Client) -> dict[str, float]:
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    values = {}
    for line in response.content.decode().splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            values[name] = float(value)
    return values


def value(values: dict[str, float], pattern: str) -> float:
    """The sum of every series whose name and labels match ``pattern`` (0 when none does)."""
    rx = re.compile(pattern)
    return sum(v for k, v in values.items() if rx.fullmatch(k))


@pytest.fixture(autouse=True)
def _settled_at_once(settings):
    settings.METRICS_SETTLE_S = 0


def test_counts_move_after_a_match(make_user):
    client = Client()  # a request made on this machine may scrape
    before = scrape(client)
    ann, bob = make_user(), make_user()
    match = duel(ann, bob, seed=7)
    applied = play(match, {0: ann, 1: bob}, moves=4)
    match_resign(match_id=match.pk, command_id="resign", user_id=bob.pk)
    after = scrape(client)
    game = 'game="spectacular_bid"'
    moved = value(after, rf'platform_moves_total\{{{game},kind="action"\}}') - value(
        before, rf'platform_moves_total\{{{game},kind="action"\}}'
    )
    assert moved == applied >= 2
    assert value(after, rf'platform_moves_total\{{{game},kind="resign"\}}') == 1
    assert value(after, rf"platform_matches_started_total\{{{game}\}}") == 1
    assert (
        value(after, rf'platform_matches_ended_total\{{{game},reason="resign",status="finished"\}}')
        == 1
        or value(
            after, rf'platform_matches_ended_total\{{{game},status="finished",reason="resign"\}}'
        )
        == 1
    )
    assert value(after, rf"platform_move_commit_seconds_count\{{{game}\}}") == applied
    assert value(after, rf'platform_move_commit_seconds_bucket\{{{game},le="\+Inf"\}}') == applied
    assert value(after, r"platform_matches_running\{.*\}") == 0


def test_ai_decision_time_is_counted_per_game_and_level(make_user):
    user = make_user()
    match = against_ai(user)
    play(match, {0: user}, moves=6)
    after = scrape(Client())
    decided = value(
        after, r'platform_ai_decision_seconds_count\{game="spectacular_bid",level="random"\}'
    )
    assert decided >= 1
    assert value(after, r'platform_matches_running\{game="spectacular_bid"\}') == 1


def test_a_second_scrape_counts_nothing_twice(make_user):
    ann, bob = make_user(), make_user()
    play(duel(ann, bob, seed=7), {0: ann, 1: bob}, moves=3)
    first = scrape(Client())
    second = scrape(Client())
    pattern = r"platform_moves_total\{.*\}"
    assert value(first, pattern) == value(second, pattern) > 0


def test_the_public_gets_no_metrics(make_user, settings):
    settings.METRICS_TOKEN = "s3cret"
    through_proxy = Client(HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert through_proxy.get("/metrics").status_code == 404
    logged_in = Client()
    logged_in.force_login(make_user())
    person = Client(HTTP_X_FORWARDED_FOR="203.0.113.9")
    person.cookies = logged_in.cookies  # a logged-in person, not staff, through the proxy
    assert person.get("/metrics").status_code == 404
    scraper = Client(HTTP_X_FORWARDED_FOR="203.0.113.9", HTTP_AUTHORIZATION="Bearer s3cret")
    assert scraper.get("/metrics").status_code == 200


class FakeRedis:
    """The few hash commands the clock workers' lateness record uses."""

    def __init__(self) -> None:
        self.hashes: dict[str, dict[bytes, bytes]] = {}

    def pipeline(self, transaction: bool = True) -> FakeRedis:
        self.results: list = []
        return self

    def hincrby(self, key: str, field: str, n: int) -> None:
        h = self.hashes.setdefault(key, {})
        h[field.encode()] = str(int(h.get(field.encode(), b"0")) + n).encode()

    def hincrbyfloat(self, key: str, field: str, n: float) -> None:
        h = self.hashes.setdefault(key, {})
        h[field.encode()] = str(float(h.get(field.encode(), b"0")) + n).encode()

    def eval(self, script: str, nkeys: int, key: str, value: str, ttl: int) -> None:
        h = self.hashes.setdefault(key, {})
        if float(value) > float(h.get(b"max", b"-1")):
            h[b"max"] = value.encode()

    def hgetall(self, key: str) -> None:
        self.results.append(dict(self.hashes.get(key, {})))

    def execute(self) -> list:
        results, self.results = self.results, []
        return results


def test_clock_job_lateness_adds_up_across_workers():
    fake = FakeRedis()
    for late_s in (0.002, 0.004, 0.030, -0.001):  # an early start counts as on time
        clocklag.record(late_s, client=fake, now_s=1_800_000_000)
    fake.pipeline()
    fake.hgetall(clocklag.total_key())
    total = clocklag._histogram(fake.execute()[0])
    assert total["count"] == 4 and total["sum"] == pytest.approx(0.036)
    assert dict(total["buckets"])[0.005] == 3 and dict(total["buckets"])[0.05] == 4
    hour = clocklag.last_hour(client=fake, now_s=1_800_000_030)
    assert hour["count"] == 4 and hour["max"] == pytest.approx(0.030)
    assert hour["p99"] == 0.05


def test_a_flag_is_counted(make_user, wall):
    from live.services import match_wake

    ann, bob = make_user(), make_user()
    match = duel(ann, bob, seed=7)
    play(match, {0: ann, 1: bob}, moves=2)  # both pressed Start: a clock runs now
    match.refresh_from_db()
    assert match.wake_ms is not None
    wall.advance(match.wake_ms - wall.now + 1)
    assert match_wake(match_id=match.pk) == "time_loss"
    after = scrape(Client())
    assert value(after, r'platform_flags_total\{game="spectacular_bid",outcome="loss"\}') == 1
    assert value(after, r'platform_moves_total\{game="spectacular_bid",kind="time_loss"\}') == 1
