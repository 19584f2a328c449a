"""The match page (the board itself is a per-game ES module that speaks the live protocol), what
its result screen asks for once the match is over, the deal-fairness page, and watching: the list
of live games and the TV pages (docs/players.md "Watching")."""

from __future__ import annotations

import json

from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.templatetags.static import static
from django.urls import reverse

from games.registry import all_games, get_game

from . import embargo, export_views, providers, replay, results, selectors
from .ai_players import game_levels
from .catalogue import board_module, game_title, rules_in_page_order
from .commitments import commitment_ensure, fairness_record, match_is_over
from .fairness import verify_record
from .models import Match


def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=match_id)
    return render(request, "live/match.html", _match_context(request, match))


def _match_context(request: HttpRequest, match: Match) -> dict[str, object]:
    game = get_game(match.game)
    your_seats = (
        list(match.seats.filter(user=request.user).values_list("seat", flat=True))
        if request.user.is_authenticated
        else []
    )
    commitment = match.seed_commitment or commitment_ensure(match_id=match.pk)
    return {
        "match": match,
        "match_id": match.pk,
        "game_slug": game.slug,
        "game_title": game_title(game),
        "ws_path": f"/ws/match/{match.pk}/",
        "your_seats": your_seats,
        "board_module": static(board_module(game.slug)),
        "rules": rules_in_page_order(game.slug),
        "lang": request.LANGUAGE_CODE,
        "ai_levels": {
            level.key: {"label": level.label, "description": level.description}
            for level in game_levels(game)
        },
        "commitment": commitment,
        # Set by whoever made the match (a tournament table): live.clock.clock_first_move.
        "first_move_s": (match.clock or {}).get("first_move_ms", 0) // 1000,
        "page_urls": {
            "after": reverse("live:after", args=[match.pk]),
            "fairness": reverse("live:fairness", args=[match.pk]),
        },
    }


def match_after(request: HttpRequest, match_id: int) -> JsonResponse:
    """What the result screen shows besides the final state: rating changes, who forfeited, the
    rematch offer and where a new game starts."""
    match = get_object_or_404(Match, pk=match_id)
    user_id = request.user.pk if request.user.is_authenticated else None
    seated = user_id is not None and match.seats.filter(user_id=user_id).exists()
    if not seated and embargo.deal_embargoed(match_id=match.pk, user=request.user):
        return embargo.embargo_response()  # the seats saw their own result at the table
    return JsonResponse(
        {
            **results.match_summary(match),
            **providers.after_match(match, user_id),
            "fairness_url": reverse("live:fairness", args=[match.pk]),
        }
    )


def match_fairness(request: HttpRequest, match_id: int) -> HttpResponse:
    """The commitment from the start; once the match is over the seed, the salt and the check
    (not while the deal is embargoed: :mod:`live.embargo`)."""
    match = get_object_or_404(Match, pk=match_id)
    game = get_game(match.game)
    commitment = match.seed_commitment or commitment_ensure(match_id=match.pk)
    match.seed_commitment = commitment
    embargoed = embargo.deal_embargoed(match_id=match.pk, user=request.user)
    over = match_is_over(match) and not embargoed
    report = verify_record(fairness_record(match=match)) if over else None
    return render(
        request,
        "live/fairness.html",
        {
            "match": match,
            "game_title": game_title(game),
            "over": over,
            "embargoed": embargoed,
            "embargo_code": embargo.CODE,
            "commitment": commitment,
            "report": report,
            "deals": [(i, json.dumps(d)) for i, d in enumerate(report.deals)] if report else [],
        },
        status=403 if embargoed else 200,
    )


def match_fairness_record(request: HttpRequest, match_id: int) -> JsonResponse:
    """The record ``python -m live.fairness`` checks (seed and moves only once it is over)."""
    match = get_object_or_404(Match, pk=match_id)
    if embargo.deal_embargoed(match_id=match.pk, user=request.user):
        return embargo.embargo_response()
    response = JsonResponse(fairness_record(match=match), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}-deals.json"'
    return response


def match_replay(request: HttpRequest, match_id: int) -> HttpResponse:
    """Step through a finished match (the board module draws each step, read-only); while its
    deal is embargoed the page says so, and offers no steps and no exports."""
    match = get_object_or_404(Match, pk=match_id)
    game = get_game(match.game)
    embargoed = embargo.deal_embargoed(match_id=match.pk, user=request.user)
    return render(
        request,
        "live/replay.html",
        {
            "match": match,
            "match_id": match.pk,
            "game_title": game_title(game),
            "over": replay.replayable(match) and not embargoed,
            "embargoed": embargoed,
            "embargo_code": embargo.CODE,
            "exports": [] if embargoed else export_views.export_links(match),
            "board_module": static(board_module(game.slug)),
            "lang": request.LANGUAGE_CODE,
            "replay_urls": {
                "index": reverse("live:replay_index", args=[match.pk]),
                "steps": reverse("live:replay_steps", args=[match.pk]),
            },
        },
        status=403 if embargoed else 200,
    )


def _not_yet() -> JsonResponse:
    return JsonResponse(
        {"code": "match_running", "detail": "the replay opens when the match is over"}, status=403
    )


def match_replay_index(request: HttpRequest, match_id: int) -> JsonResponse:
    match = get_object_or_404(Match, pk=match_id)
    if not replay.replayable(match):
        return _not_yet()
    if embargo.deal_embargoed(match_id=match.pk, user=request.user):
        return embargo.embargo_response()
    return JsonResponse(replay.replay_index(match=match))


def match_replay_steps(request: HttpRequest, match_id: int) -> JsonResponse:
    """Steps ``from`` … ``to - 1`` (at most one page of ``replay.STEPS_PER_PAGE``)."""
    match = get_object_or_404(Match, pk=match_id)
    if not replay.replayable(match):
        return _not_yet()
    if embargo.deal_embargoed(match_id=match.pk, user=request.user):
        return embargo.embargo_response()
    try:
        start = max(0, int(request.GET.get("from", 0)))
        stop = int(request.GET.get("to", start + replay.STEPS_PER_PAGE))
    except ValueError:
        return JsonResponse({"code": "malformed", "detail": "from and to are numbers"}, status=400)
    stop = max(start, min(stop, start + replay.STEPS_PER_PAGE))
    return JsonResponse({"steps": replay.replay_steps(match=match, start=start, stop=stop)})


# --- Watching ------------------------------------------------------------------------------------


def _game_or_none(slug: str | None) -> str | None:
    return slug if slug and slug in all_games() else None


def watch_list(request: HttpRequest) -> HttpResponse:
    """Every running match, newest first, one page at a time; ``?game=`` keeps one game's."""
    game = _game_or_none(request.GET.get("game"))
    listing = selectors.watch_list(game=game, page=request.GET.get("page") or 1)
    return render(
        request,
        "live/watch.html",
        {
            **listing,
            "games": [
                {"slug": g.slug, "title": game_title(g)}
                for g in sorted(all_games().values(), key=lambda g: str(g.title))
            ],
            "chosen": game or "",
        },
    )


def _tv_game(game: str | None) -> str | None:
    if game is not None and game not in all_games():
        raise Http404("no such game")
    return game


def tv_page(request: HttpRequest, game: str | None = None) -> HttpResponse:
    """The featured live match (``selectors.featured_match``) on the match page in TV mode; the
    page's ``js/tv.js`` asks ``current.json`` and moves on when the match has ended."""
    game = _tv_game(game)
    featured = _featured_cached(game)
    tv = {
        "game": game,
        "game_title": game_title(game) if game else None,
        "current_url": reverse("watch:tv_game_current", args=[game])
        if game
        else reverse("watch:tv_current"),
        "url": reverse("watch:tv_game", args=[game]) if game else reverse("watch:tv"),
    }
    if featured is None:
        return render(request, "live/tv_idle.html", {"tv": tv})
    match = get_object_or_404(Match, pk=featured["match_id"])  # the one read of the match
    return render(request, "live/match.html", {**_match_context(request, match), "tv": tv})


TV_CACHE_S = 2
"""Every TV asks every few seconds: the choice is made at most once per this many seconds (per
game, shared through the cache), not once per question."""


def _featured_json(game: str | None) -> dict[str, object] | None:
    featured = selectors.featured_match(game=game)
    if featured is None:
        return None
    return {
        "match_id": featured["id"],
        "game": featured["game"],
        "game_title": str(featured["game_title"]),
        "url": featured["watch_url"],
        "players": featured["players"],
        "started_at": featured["started_at"].isoformat(),
    }


def _featured_cached(game: str | None) -> dict[str, object] | None:
    """The featured match as every TV of ``game`` shares it (chosen at most every TV_CACHE_S)."""
    return cache.get_or_set(  # type: ignore[no-any-return]
        f"live:tv:featured:{game or ''}", lambda: _featured_json(game), TV_CACHE_S
    )


def tv_current(request: HttpRequest, game: str | None = None) -> JsonResponse:
    """What the TV should show now: the featured match (players and ratings, never its state),
    and whether the match named by ``?showing=`` still runs."""
    game = _tv_game(game)
    showing = request.GET.get("showing", "")
    featured = _featured_cached(game)
    if featured is not None:  # shared by every TV: named again in this reader's language
        featured = {**featured, "game_title": game_title(str(featured["game"]))}
    body: dict[str, object] = {
        "game": game,
        "featured": featured,
        "showing": None,
    }
    if showing.isdigit() and len(showing) <= 18:
        body["showing"] = {
            "match_id": int(showing),
            "running": selectors.match_running(match_id=int(showing)),
        }
    return JsonResponse(body)
