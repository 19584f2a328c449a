"""The deal embargo: whether a match's deal may be shown to a viewer yet.

A deal that other tables play too — every table of a duplicate round, a board of a pairs
session, an aborted game replayed with the same deal — is a secret until every table has played
it: its record, replay, exports, move log, fairness reveal and result would tell a player at
another table the cards they are still to play (BBO hides a board from everyone who has not
played it).  Live does not know which deals are shared (tournaments do, and live imports none of
the apps around it), so those apps register a filter here in ``AppConfig.ready``: a ``Q`` over
``Match`` that holds the matches whose deal is still live somewhere.

:func:`deal_embargoed` is the one question every read path asks.  Operators (``is_staff``) see
everything throughout; for everyone else — players of the event, the match's own seats,
spectators, anonymous readers of the API and the exports — the answer is the same.  (The match's
own seats still see their table through the live socket: that is playing, not reading a record.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.db.models import Q, QuerySet
from django.http import JsonResponse
from django.utils.translation import gettext
from rest_framework.exceptions import PermissionDenied

from .models import Match

EMBARGO_FILTERS: list[Callable[[], Q]] = []
"""Functions returning a ``Q`` over ``Match`` for the matches whose deal is embargoed now."""

CODE = "deal_embargoed"
CLOSE_EMBARGOED = 4003
"""The match socket's close code for a spectator of an embargoed deal (after a ``deal_embargoed``
error frame): not a fault to retry."""


def message() -> str:
    return gettext("hidden until every table has played this deal")


def _operator(user: Any) -> bool:
    return bool(user is not None and getattr(user, "is_staff", False) and user.is_active)


def _embargoed() -> Q | None:
    found = None
    for make in EMBARGO_FILTERS:
        found = make() if found is None else found | make()
    return found


def embargoed_ids(*, match_ids: Iterable[int], user: Any) -> set[int]:
    """Which of ``match_ids`` ``user`` may not read the deal of (one query)."""
    ids = list(match_ids)
    condition = _embargoed()
    if not ids or condition is None or _operator(user):
        return set()
    return set(Match.objects.filter(condition, pk__in=ids).values_list("pk", flat=True))


def without_embargoed(rows: QuerySet[Match]) -> QuerySet[Match]:
    """``rows`` less the matches nobody but an operator may watch now (the watch list, the TV)."""
    condition = _embargoed()
    return rows if condition is None else rows.exclude(condition)


def deal_embargoed(*, match_id: int, user: Any) -> bool:
    """Whether ``user`` (anonymous: ``None`` or Django's anonymous user) must not see the deal of
    match ``match_id`` yet: its record, replay, exports, move log, fairness reveal, result, or
    its table as a spectator."""
    return match_id in embargoed_ids(match_ids=[match_id], user=user)


def embargo_response() -> JsonResponse:
    """The answer of the site's JSON read paths (the replay, ``fairness.json``, the result)."""
    return JsonResponse({"code": CODE, "detail": message()}, status=403)


def refuse_api() -> PermissionDenied:
    """The answer of the REST API (``{"code": "deal_embargoed", "detail": …}``, 403)."""
    return PermissionDenied(message(), code=CODE)
