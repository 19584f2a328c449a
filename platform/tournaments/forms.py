"""The organiser's form: what a tournament is (the service checks the rules; this only parses)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from live import catalogue
from matchmaking import standings

from . import game_support, pairs, tiebreaks
from .models import EntryPolicy, Format, MovementKind
from .services import TournamentSpec


def refuse_tiebreak_order(codes: list[str]) -> None:
    """A clear, translated refusal of an order with an unknown or a repeated code (the admin's
    form uses it too)."""
    wrong = tiebreaks.problem(codes)
    if wrong is None:
        return
    kind, code = wrong
    if kind == "unknown":
        raise forms.ValidationError(
            _("Unknown tie-break “%(code)s”. Known tie-breaks: %(known)s.")
            % {"code": code, "known": ", ".join(tiebreaks.KNOWN)},
            code="unknown_tiebreak",
        )
    raise forms.ValidationError(
        _("The tie-break “%(code)s” is listed twice; each one counts once.") % {"code": code},
        code="repeated_tiebreak",
    )


def refuse_nothing_compared(
    movement: str, max_pairs: int, rounds: int | None, boards_per_round: int
) -> None:
    """Refuse, in the reader's language, a pairs session that would compare no board: each
    board played at one table only cannot be matchpointed, so every pair would end at 50 %.
    The service refuses the same (``nothing_compared``) for the API and the admin."""
    why = pairs.nothing_compared(movement, max_pairs, rounds, boards_per_round)
    if why is None:
        return
    name = _("Howell") if why.movement == MovementKind.HOWELL else _("Mitchell")
    if why.rounds_needed is not None:
        raise forms.ValidationError(
            _(
                "No board would be compared: with %(rounds)s round(s) every board is played at "
                "one table only, so it cannot be matchpointed and every pair would end at 50 %%. "
                "A %(movement)s of %(pairs)s pairs needs at least %(needed)s rounds (or leave "
                "Rounds empty)."
            )
            % {
                "rounds": why.rounds,
                "movement": name,
                "pairs": why.pairs,
                "needed": why.rounds_needed,
            },
            code="nothing_compared",
        )
    raise forms.ValidationError(
        _(
            "No board would be compared: a %(movement)s of %(pairs)s pairs plays every board at "
            "one table only, so it cannot be matchpointed and every pair would end at 50 %%. "
            "Choose the Mitchell movement, or plan for %(enough)s pairs or more."
        )
        % {"movement": name, "pairs": why.pairs, "enough": pairs.HOWELL_COMPARES_FROM},
        code="nothing_compared",
    )


def _game_choices() -> list[tuple[str, str]]:
    return [(slug, catalogue.game_title(g)) for slug, g in catalogue.playable_games().items()]


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    game = forms.ChoiceField(label=_("Game"), choices=_game_choices)
    format = forms.ChoiceField(
        label=_("Format"),
        choices=[
            (Format.SWISS, _("Swiss")),
            (Format.ROUND_ROBIN, _("Round robin")),
            (Format.KNOCKOUT, _("Knockout")),
            (Format.ARENA, _("Arena")),
            (Format.PAIRS, _("Pairs (duplicate)")),
        ],
    )
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    seats_per_table = forms.IntegerField(
        label=_("Seats per table"),
        required=False,
        min_value=2,
        max_value=8,
        help_text=_("Empty: the game's usual table."),
    )
    rounds = forms.IntegerField(
        label=_("Rounds"),
        required=False,
        min_value=1,
        max_value=200,
        help_text=_("Swiss: required. Round robin: empty for everyone meeting everyone."),
    )
    double_round_robin = forms.BooleanField(label=_("Double round robin"), required=False)
    knockout_games = forms.IntegerField(
        label=_("Games per knockout match"), min_value=1, max_value=15, initial=1
    )
    arena_minutes = forms.IntegerField(
        label=_("Arena duration (minutes)"), required=False, min_value=1, max_value=1440
    )
    bank_minutes = forms.FloatField(
        label=_("Clock: minutes per player and game"),
        required=False,
        min_value=0.1,
        max_value=360,
        help_text=_("Empty: the game's own clock."),
    )
    delay_seconds = forms.IntegerField(
        label=_("Clock: delay per move (seconds)"), required=False, min_value=0, max_value=600
    )
    registration_opens = forms.DateTimeField(label=_("Registration opens"), required=False)
    registration_closes = forms.DateTimeField(label=_("Registration closes"), required=False)
    starts_at = forms.DateTimeField(label=_("Start time"))
    max_players = forms.IntegerField(
        label=_("Maximum players"),
        min_value=2,
        max_value=100_000,
        initial=64,
        help_text=_("Pairs tournaments: the maximum number of pairs."),
    )
    entry_policy = forms.ChoiceField(
        label=_("Who may enter"),
        choices=[
            (EntryPolicy.EVERYONE, _("Everyone")),
            (EntryPolicy.INVITED, _("Invited players only")),
            (EntryPolicy.RATING_RANGE, _("Players within a rating range")),
        ],
    )
    rating_min = forms.IntegerField(label=_("Lowest rating"), required=False, min_value=0)
    rating_max = forms.IntegerField(label=_("Highest rating"), required=False, min_value=0)
    invited = forms.CharField(
        label=_("Invited players"),
        required=False,
        help_text=_("User names, separated by commas."),
    )
    duplicate_deals = forms.BooleanField(
        label=_("Duplicate deals"),
        required=False,
        help_text=_("Every table of a round plays the same deals; results are compared."),
    )
    round_break_s = forms.IntegerField(
        label=_("Break between rounds (seconds)"), min_value=0, max_value=3600, initial=10
    )
    movement = forms.ChoiceField(
        label=_("Movement (pairs)"),
        required=False,
        choices=[
            ("", _("Howell up to 16 pairs, else Mitchell")),
            (MovementKind.HOWELL, _("Howell: every pair meets every other")),
            (MovementKind.MITCHELL, _("Mitchell: North–South stay, East–West move")),
        ],
    )
    boards_per_round = forms.IntegerField(
        label=_("Boards per round (pairs)"), required=False, min_value=1, max_value=8, initial=2
    )
    tiebreak_order = forms.CharField(
        label=_("Tie-break order (Swiss, round robin)"),
        required=False,
        max_length=200,
        help_text=format_lazy(
            _(
                "Codes separated by commas; the first decides first. Empty: the usual order "
                "(Swiss: {swiss}; round robin: {round_robin}). Known: {known}."
            ),
            swiss=", ".join(t.value for t in standings.SWISS_TIEBREAKS),
            round_robin=", ".join(t.value for t in standings.ROUND_ROBIN_TIEBREAKS),
            known=", ".join(tiebreaks.KNOWN),
        ),
    )

    def clean_invited(self) -> list[int]:
        names = [n.strip() for n in self.cleaned_data["invited"].split(",") if n.strip()]
        found = dict(User.objects.filter(username__in=names).values_list("username", "pk"))
        missing = [n for n in names if n not in found]
        if missing:
            raise forms.ValidationError(
                _("Unknown user names: %(names)s") % {"names": ", ".join(missing)}
            )
        return [found[n] for n in names]

    def clean_tiebreak_order(self) -> list[str]:
        codes = tiebreaks.parse(self.cleaned_data["tiebreak_order"])
        refuse_tiebreak_order(codes)
        return codes

    def clean(self) -> dict[str, Any]:
        data: dict[str, Any] = super().clean() or {}
        game = catalogue.playable_games().get(data.get("game") or "")
        if game is not None:
            # The table size and the format the game allows, said in the page's language with
            # what it does allow (the service refuses the same in English for the API).
            seats = data.get("seats_per_table")
            why = game_support.seats_refusal(game, seats) if seats else None
            if why:
                self.add_error("seats_per_table", why)
            why = game_support.format_refusal(game, data.get("format") or "")
            if why and data.get("format"):
                self.add_error("format", why)
        if data.get("format") == Format.PAIRS and data.get("max_players"):
            refuse_nothing_compared(
                data.get("movement") or "",
                data["max_players"],
                data.get("rounds"),
                data.get("boards_per_round") or 2,
            )
        return data

    def spec(self) -> TournamentSpec:
        data: dict[str, Any] = self.cleaned_data
        bank = data.get("bank_minutes")
        delay = data.get("delay_seconds")
        return TournamentSpec(
            name=data["name"],
            game=data["game"],
            format=data["format"],
            rated=data["rated"],
            seats_per_table=data.get("seats_per_table"),
            rounds=data.get("rounds"),
            double_round_robin=data["double_round_robin"],
            knockout_games=data["knockout_games"],
            arena_minutes=data.get("arena_minutes"),
            bank_ms=None if bank is None else int(bank * 60_000),
            delay_ms=None if delay is None else delay * 1000,
            registration_opens=data.get("registration_opens"),
            registration_closes=data.get("registration_closes"),
            starts_at=data["starts_at"],
            max_players=data["max_players"],
            entry_policy=data["entry_policy"],
            rating_min=data.get("rating_min"),
            rating_max=data.get("rating_max"),
            invited_user_ids=tuple(data.get("invited") or ()),
            duplicate_deals=data["duplicate_deals"],
            round_break_s=data["round_break_s"],
            movement=data.get("movement") or "",
            boards_per_round=data.get("boards_per_round") or 2,
            tiebreak_order=tuple(data.get("tiebreak_order") or ()),
        )
