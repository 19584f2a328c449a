"""Pairs partners (issue 28, item 8): in an invitation-only event the partner must be invited
too, and naming someone as partner is only a request — it holds nobody until they accept."""

from __future__ import annotations

from typing import Any

import pytest

from tournaments import services
from tournaments.errors import TournamentError
from tournaments.models import AuditEntry, Entry

from .conftest import state_of
from .test_pairs import bridge_pairs


def test_invitation_only_pairs_refuse_an_uninvited_partner_and_change_nothing(
    make_user: Any, make_tournament: Any
) -> None:
    a, b, outsider = make_user("a"), make_user("b"), make_user("outsider")
    t = bridge_pairs(make_tournament, entry_policy="invited", invited_user_ids=(a.pk, b.pk))
    before = state_of(t)
    with pytest.raises(TournamentError) as err:
        services.entry_register(tournament_id=t.pk, user_id=a.pk, partner_name="outsider")
    assert err.value.code == "partner_not_invited"
    assert state_of(t) == before
    assert not Entry.objects.filter(tournament=t).exists()
    # An invited partner is fine, and accepting puts them in the pair.
    services.entry_register(tournament_id=t.pk, user_id=a.pk, partner_name="b")
    services.entry_partner_answer(tournament_id=t.pk, user_id=b.pk, accept=True)
    entry = Entry.objects.get(tournament=t, user=a)
    assert (entry.partner_id, entry.partner_accepted) == (b.pk, True)
    # An invitation withdrawn after the request: the request cannot be accepted any more.
    c, d = make_user("c"), make_user("d")
    t.invited.add(c, d)
    services.entry_register(tournament_id=t.pk, user_id=c.pk, partner_name="d")
    t.invited.remove(d)
    before = state_of(t)
    with pytest.raises(TournamentError) as err:
        services.entry_partner_answer(tournament_id=t.pk, user_id=d.pk, accept=True)
    assert err.value.code == "not_invited"
    assert state_of(t) == before
    assert outsider.pk not in set(t.invited.values_list("pk", flat=True))


def test_a_partner_request_does_not_block_the_named_player_from_registering_alone(
    make_user: Any, make_tournament: Any
) -> None:
    a, b = make_user("a"), make_user("b")
    t = bridge_pairs(make_tournament)
    services.entry_register(tournament_id=t.pk, user_id=a.pk, partner_name="b")
    mine = services.entry_register(tournament_id=t.pk, user_id=b.pk)  # alone, without answering
    assert (mine.user_id, mine.partner_id) == (b.pk, None)
    # a's request lapsed: a keeps the robot partner, and b is in one pair only.
    entry = Entry.objects.get(tournament=t, user=a)
    assert (entry.partner_id, entry.partner_accepted, entry.partner_ai_level) == (
        None,
        False,
        "expert",
    )
    assert AuditEntry.objects.filter(tournament=t, action="partner_request_lapsed").count() == 1
    with pytest.raises(TournamentError) as err:
        services.entry_partner_answer(tournament_id=t.pk, user_id=b.pk, accept=True)
    assert err.value.code == "no_invitation"


def test_a_partner_request_does_not_block_the_named_player_from_pairing_with_someone_else(
    make_user: Any, make_tournament: Any
) -> None:
    a, b, c = make_user("a"), make_user("b"), make_user("c")
    t = bridge_pairs(make_tournament)
    services.entry_register(tournament_id=t.pk, user_id=a.pk, partner_name="b")
    # c may name b too, and b may register with yet another partner …
    services.entry_register(tournament_id=t.pk, user_id=c.pk, partner_name="b")
    make_user("d")
    services.entry_register(tournament_id=t.pk, user_id=b.pk, partner_name="d")
    assert Entry.objects.filter(tournament=t, partner_id=b.pk).count() == 0  # both lapsed
    # … or accept one request, which lets the other lapse.
    e, f, g = make_user("e"), make_user("f"), make_user("g")
    first = services.entry_register(tournament_id=t.pk, user_id=e.pk, partner_name="g")
    second = services.entry_register(tournament_id=t.pk, user_id=f.pk, partner_name="g")
    services.entry_partner_answer(tournament_id=t.pk, user_id=g.pk, accept=True, entry_id=second.pk)
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.partner_id, second.partner_id, second.partner_accepted) == (None, g.pk, True)
    # Once in a pair, g can neither register alone nor be named again.
    before = state_of(t)
    for user, partner, code in [
        (g, "", "already_registered"),
        (make_user("h"), "g", "partner_taken"),
    ]:
        with pytest.raises(TournamentError) as err:
            services.entry_register(tournament_id=t.pk, user_id=user.pk, partner_name=partner)
        assert err.value.code == code
    assert state_of(t) == before
