"""The chat panel on the match and tournament pages: one per page, keyboard-usable, in German."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from live.services import SeatSpec, match_start

pytestmark = pytest.mark.django_db


def test_the_match_page_has_the_chat_panel(make_user) -> None:
    a, b = make_user(), make_user()
    match = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=a.pk), SeatSpec(user_id=b.pk)], seed=1
    )
    client = Client()
    client.force_login(a)
    html = client.get(f"/match/{match.pk}/").content.decode()
    assert html.count('data-testid="chat-panel"') == 1
    assert f'data-chat-path="/ws/chat/match/{match.pk}/"' in html
    assert 'aria-live="polite"' in html and 'data-testid="chat-input"' in html
    assert "js/chat.js" in html
    anonymous = Client().get(f"/match/{match.pk}/").content.decode()
    assert 'data-testid="chat-panel"' in anonymous and 'data-testid="chat-input"' not in anonymous


def test_the_tournament_page_has_the_chat_panel_in_german(make_user) -> None:
    from tournaments.models import Tournament

    now = timezone.now()
    t = Tournament.objects.create(
        name="Cup", game="spectacular_bid", format="swiss", bank_ms=60_000, delay_ms=5_000,
        seats_per_table=2, rounds=3, registration_opens=now,
        registration_closes=now + timedelta(hours=1), starts_at=now + timedelta(hours=1),
        max_players=16, seed=1, organiser=make_user(),
    )  # fmt: skip
    client = Client(headers={"accept-language": "de"})
    client.force_login(make_user())
    html = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert f'data-chat-path="/ws/chat/tournament/{t.pk}/"' in html
    assert "Deine Nachricht" in html and "Senden" in html
