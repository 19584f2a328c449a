"""What operators fill in for an action: always a reason; the audit log keeps it."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from live.models import Match

from .reasons import ABORT_REASONS, ADJUDICATE_REASONS

DURATIONS = [
    ("1h", _("1 hour"), timedelta(hours=1)),
    ("1d", _("1 day"), timedelta(days=1)),
    ("7d", _("7 days"), timedelta(days=7)),
    ("30d", _("30 days"), timedelta(days=30)),
    ("forever", _("until lifted"), None),
]


class AbortForm(forms.Form):
    reason = forms.ChoiceField(
        label=_("Reason (players read it in English and German)"),
        choices=[("", "—"), *ABORT_REASONS.items()],
    )
    note = forms.CharField(
        label=_("Note for the audit log (players do not see it)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )


class AdjudicateForm(forms.Form):
    verdict = forms.ChoiceField(label=_("Result"))
    reason = forms.ChoiceField(
        label=_("Reason (players read it in English and German)"),
        choices=[("", "—"), *ADJUDICATE_REASONS.items()],
    )
    note = forms.CharField(
        label=_("Note for the audit log (players do not see it)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def __init__(self, *args: Any, match: Match, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "—"), ("draw", _("Draw: every seat placed first"))]
        for seat in match.seats.select_related("user").order_by("seat"):
            choices.append(
                (
                    str(seat.seat),
                    _("Seat %(seat)d (%(name)s) forfeits: the game's forfeit result")
                    % {"seat": seat.seat, "name": seat.display_name},
                )
            )
        self.fields["verdict"].choices = choices

    def loser_seat(self) -> int | None:
        verdict = self.cleaned_data["verdict"]
        return None if verdict == "draw" else int(verdict)


class SanctionForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 3}))
    duration = forms.ChoiceField(
        label=_("Duration"), choices=[(code, label) for code, label, _d in DURATIONS]
    )

    def expires_at(self) -> datetime | None:
        delta = {code: d for code, _label, d in DURATIONS}[self.cleaned_data["duration"]]
        return None if delta is None else timezone.now() + delta


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 3}))
