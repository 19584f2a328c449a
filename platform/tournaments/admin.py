"""Operators' and organisers' view of tournaments: create (through the service), start, pause,
resume, cancel, adjudicate a game, export events as FIDE TRF files and check an uploaded one
(``trf_admin``), and the audit log of everything organisers and operators did."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from live import catalogue
from operations.admin_pages import reason_action
from operations.errors import OperationError
from operations.forms import ReasonForm

from . import services, tiebreaks, trf_admin
from .errors import TournamentError
from .forms import refuse_tiebreak_order
from .models import (
    AuditEntry,
    Bye,
    Entry,
    OrganiserRequest,
    Pairing,
    Round,
    Tournament,
    TournamentStatus,
)

_CREATE_FIELDS = [
    "name",
    "game",
    "format",
    "rated",
    "seats_per_table",
    "rounds",
    "double_round_robin",
    "knockout_games",
    "arena_minutes",
    "bank_ms",
    "delay_ms",
    "round_break_s",
    "registration_opens",
    "registration_closes",
    "starts_at",
    "max_players",
    "entry_policy",
    "rating_min",
    "rating_max",
    "invited",
    "duplicate_deals",
    "forbidden_pairs",
    "movement",
    "boards_per_round",
    "tiebreak_order",
]


class TournamentAdminForm(forms.ModelForm):
    """The organiser's fields; the service's own checks run on creation."""

    bank_ms = forms.IntegerField(required=False, help_text="Empty: the game's own clock.")
    delay_ms = forms.IntegerField(required=False, help_text="Empty: the game's own delay.")
    seats_per_table = forms.IntegerField(
        required=False, help_text="Empty: the game's usual table size."
    )
    boards_per_round = forms.IntegerField(
        required=False, min_value=1, max_value=8, help_text="Pairs: empty for 2."
    )
    registration_opens = forms.SplitDateTimeField(
        required=False, widget=admin.widgets.AdminSplitDateTime, help_text="Empty: now."
    )
    registration_closes = forms.SplitDateTimeField(
        required=False, widget=admin.widgets.AdminSplitDateTime, help_text="Empty: the start."
    )

    tiebreak_order = forms.CharField(
        required=False,
        help_text="Swiss and round robin: tie-break codes separated by commas, the first decides "
        f"first ({', '.join(tiebreaks.KNOWN)}). Empty: the format's usual order. The only field "
        "that can still be changed once the tournament exists (until it ends).",
    )

    class Meta:
        model = Tournament
        fields = _CREATE_FIELDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.initial["tiebreak_order"] = ", ".join(self.instance.tiebreak_order or [])

    def clean_tiebreak_order(self) -> list[str]:
        codes = tiebreaks.parse(self.cleaned_data.get("tiebreak_order") or "")
        refuse_tiebreak_order(codes)
        return codes

    def spec(self) -> services.TournamentSpec:
        d = self.cleaned_data
        return services.TournamentSpec(
            name=d["name"],
            game=d["game"],
            format=d["format"],
            rated=d["rated"],
            seats_per_table=d.get("seats_per_table"),
            rounds=d.get("rounds"),
            double_round_robin=d["double_round_robin"],
            knockout_games=d["knockout_games"],
            arena_minutes=d.get("arena_minutes"),
            bank_ms=d.get("bank_ms"),
            delay_ms=d.get("delay_ms"),
            registration_opens=d.get("registration_opens"),
            registration_closes=d.get("registration_closes"),
            starts_at=d["starts_at"],
            max_players=d["max_players"],
            entry_policy=d["entry_policy"],
            rating_min=d.get("rating_min"),
            rating_max=d.get("rating_max"),
            invited_user_ids=tuple(u.pk for u in d.get("invited") or ()),
            duplicate_deals=d["duplicate_deals"],
            round_break_s=d["round_break_s"],
            forbidden_pairs=tuple(tuple(p) for p in d.get("forbidden_pairs") or ()),
            movement=d.get("movement") or "",
            boards_per_round=d.get("boards_per_round") or 2,
            tiebreak_order=tuple(d.get("tiebreak_order") or ()),
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.instance.pk is None and not self.errors:
            game = catalogue.playable_games().get(data.get("game", ""))
            if game is None:
                raise forms.ValidationError("There is no such game.")
            try:
                services.spec_check(self.spec(), game)
            except TournamentError as exc:
                raise forms.ValidationError(exc.message) from None
        return data


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = (
        "user",
        "ai_level",
        "partner",
        "partner_accepted",
        "partner_ai_level",
        "partner_ai_name",
        "rating",
        "status",
        "joined_round",
        "status_reason",
    )
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class AuditInline(admin.TabularInline):
    model = AuditEntry
    extra = 0
    fields = ("created_at", "actor", "action", "reason", "detail")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


def _each(
    modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet, call: Any, done: str
) -> None:
    for tournament in queryset:
        try:
            call(tournament)
        except TournamentError as exc:
            modeladmin.message_user(request, f"{tournament}: {exc.message}", messages.ERROR)
        else:
            modeladmin.message_user(request, f"{tournament}: {done}")


@admin.register(Tournament)
class TournamentAdmin(trf_admin.TrfAdminMixin, admin.ModelAdmin):
    form = TournamentAdminForm
    list_display = ("id", "name", "game", "format", "status", "current_round", "starts_at")
    list_filter = ("status", "format", "game", "rated", "duplicate_deals")
    search_fields = ("name", "organiser__username")
    inlines = [EntryInline, AuditInline]
    actions = ["start_now", "pause", "resume", "cancel", "export_trf"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        facts = ["organiser", "status", "status_reason", "current_round", "seed", "started_at"]
        if obj is None:
            return []
        return [f for f in [*_CREATE_FIELDS, *facts] if f != "tiebreak_order"]

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        if obj is None:
            return _CREATE_FIELDS
        return [*_CREATE_FIELDS, "organiser", "status", "status_reason", "current_round", "seed"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return services.can_organise(request.user)

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        if change:
            # Everything else is read-only once created; actions change the state.
            if "tiebreak_order" in form.changed_data:
                try:
                    services.tournament_tiebreaks_set(
                        tournament_id=obj.pk,
                        by_user_id=request.user.pk,
                        order=form.cleaned_data["tiebreak_order"],
                    )
                except TournamentError as exc:
                    self.message_user(request, exc.message, messages.ERROR)
            return
        created = services.tournament_create(organiser_id=request.user.pk, spec=form.spec())
        obj.pk = created.pk
        obj.__dict__.update({k: v for k, v in created.__dict__.items() if not k.startswith("_")})

    @admin.action(description="Start now")
    def start_now(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        _each(
            self,
            request,
            queryset,
            lambda t: services.tournament_start_now(tournament_id=t.pk, by_user_id=request.user.pk),
            "started",
        )

    @admin.action(description="Pause (reason: by an operator in the admin)")
    def pause(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        _each(
            self,
            request,
            queryset,
            lambda t: services.tournament_pause(
                tournament_id=t.pk, by_user_id=request.user.pk, reason="paused in the admin"
            ),
            "paused",
        )

    @admin.action(description="Resume")
    def resume(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        _each(
            self,
            request,
            queryset,
            lambda t: services.tournament_resume(tournament_id=t.pk, by_user_id=request.user.pk),
            "resumed",
        )

    @admin.action(description="Cancel (reason: by an operator in the admin)")
    def cancel(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        _each(
            self,
            request,
            queryset.exclude(status__in=(TournamentStatus.FINISHED, TournamentStatus.CANCELLED)),
            lambda t: services.tournament_cancel(
                tournament_id=t.pk, by_user_id=request.user.pk, reason="cancelled in the admin"
            ),
            "cancelled",
        )


class PairingAdminForm(forms.ModelForm):
    """Adjudication: placings per seat (e.g. "2,1") and a reason; everything else is read-only."""

    adjudicate_placings = forms.CharField(
        required=False, help_text="Placings per seat, 1 = best, e.g. 2,1 — decides the game."
    )
    adjudicate_reason = forms.CharField(required=False)

    class Meta:
        model = Pairing
        fields: list[str] = []

    def clean_adjudicate_placings(self) -> list[int] | None:
        raw = self.cleaned_data["adjudicate_placings"].strip()
        if not raw:
            return None
        try:
            return [int(x) for x in raw.split(",")]
        except ValueError:
            raise forms.ValidationError("Write the placings as numbers, comma-separated.") from None


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    form = PairingAdminForm
    list_display = (
        "id",
        "tournament",
        "round",
        "board",
        "deal_number",
        "players",
        "status",
        "placings",
        "match",
    )
    list_filter = ("status", "adjudicated")
    search_fields = ("tournament__name",)
    readonly_fields = (
        "tournament",
        "round",
        "board",
        "players",
        "match",
        "status",
        "placings",
        "scores",
        "absent",
        "no_shows",
        "points",
        "ko_match",
        "ko_game",
        "replays",
        "earlier_matches",
        "adjudicated",
    )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        placings = form.cleaned_data.get("adjudicate_placings")
        if not placings:
            return
        try:
            services.pairing_adjudicate(
                pairing_id=obj.pk,
                placings=placings,
                by_user_id=request.user.pk,
                reason=form.cleaned_data.get("adjudicate_reason", ""),
            )
        except TournamentError as exc:
            self.message_user(request, exc.message, messages.ERROR)
        else:
            self.message_user(request, "The game is adjudicated.")


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("created_at", "tournament", "actor", "action", "reason")
    list_filter = ("action",)
    search_fields = ("tournament__name", "actor__username", "reason")
    readonly_fields = ("tournament", "actor", "action", "reason", "detail", "created_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "status", "started_at", "ended_at")
    readonly_fields = ("tournament", "number", "status", "deal_seed", "plan", "ended_at")


admin.site.register(Bye)


@admin.register(OrganiserRequest)
class OrganiserRequestAdmin(admin.ModelAdmin):
    """The users' "Ask to organise" requests; granting goes through the audited access service
    (``services.organiser_role_set``: superusers only), declining only answers the request."""

    list_display = ("user", "note", "created_at", "answered_at", "granted", "answered_by")
    list_filter = ("granted", ("answered_at", admin.EmptyFieldListFilter))
    search_fields = ("user__username", "note")
    readonly_fields = ("user", "note", "created_at", "answered_at", "granted", "answered_by")
    actions = ["grant_requests", "decline_requests"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description=gettext_lazy("Grant the organiser role"))
    def grant_requests(self, request: HttpRequest, queryset: QuerySet[OrganiserRequest]) -> None:
        done = 0
        for asked in queryset.filter(answered_at__isnull=True):
            try:
                services.organiser_role_set(
                    user_id=asked.user_id,
                    actor=request.user,
                    member=True,
                    reason=f"organiser request {asked.pk} granted",
                )
            except OperationError as exc:
                self.message_user(request, f"{asked.user}: {exc.message}", messages.ERROR)
                return
            done += 1
        self.message_user(request, _("%(n)d request(s) granted.") % {"n": done})

    @admin.action(description=gettext_lazy("Decline the requests"))
    def decline_requests(self, request: HttpRequest, queryset: QuerySet[OrganiserRequest]) -> None:
        done = sum(
            services.organiser_request_decline(request_id=asked.pk, actor=request.user)
            for asked in queryset
        )
        self.message_user(request, _("%(n)d request(s) declined.") % {"n": done})


# --- the organiser role, granted from the user admin -------------------------------------------
# Accounts knows nothing of tournaments, so the two actions join the registered user admin from
# here (this module is loaded after accounts' admin: INSTALLED_APPS order). Both go through the
# audited access service, so only superusers can use them and every change is logged.


def _organiser_action(member: bool, action: str, title: Any) -> Any:
    def act(modeladmin: Any, request: HttpRequest, queryset: QuerySet[Any]) -> HttpResponse | None:
        return reason_action(
            modeladmin,
            request,
            queryset,
            form_class=ReasonForm,
            action=action,
            title=str(title),
            apply=lambda user, form: services.organiser_role_set(
                user_id=user.pk,
                actor=request.user,
                member=member,
                reason=form.cleaned_data["reason"],
            ),
        )

    act.__name__ = action
    return admin.action(description=title, permissions=["change"])(act)


grant_organiser = _organiser_action(
    True, "grant_organiser", gettext_lazy("Grant the organiser role")
)
withdraw_organiser = _organiser_action(
    False, "withdraw_organiser", gettext_lazy("Withdraw the organiser role")
)

_user_admin = admin.site.get_model_admin(get_user_model())
_user_admin.actions = [*_user_admin.actions, grant_organiser, withdraw_organiser]
