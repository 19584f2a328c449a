"""The Tournament admin's TRF pages: the "Export as TRF" action on the list and the "Check a TRF
file" page (the replay check of ``trf_check``), kept here so ``admin.py`` stays small.

The check page is reached through ``admin_view``, so only staff open it; it stores nothing.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from matchmaking import trf

from . import selectors, trf_check
from .models import Tournament
from .views import trf_response


class TrfCheckForm(forms.Form):
    """One uploaded file; a file the check cannot read is this form's error (line and reason)."""

    file = forms.FileField(
        label=gettext_lazy("TRF file"),
        help_text=gettext_lazy("A FIDE TRF-16 file (TRF(x)), UTF-8 or Latin-1."),
    )

    def clean_file(self) -> trf.TrfEvent:
        upload = self.cleaned_data["file"]
        if upload.size > trf_check.MAX_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(limit)d kB.") % {"limit": trf_check.MAX_BYTES // 1000}
            )
        try:
            return trf_check.read(trf_check.decode(upload.read()))
        except trf_check.TrfFileError as exc:
            raise forms.ValidationError(str(exc)) from None


def _board_text(board: tuple[int, int], names: dict[int, str]) -> str:
    white, black = board
    return f"{white} {names.get(white, '')} – {black} {names.get(black, '')}"


def _bye_text(player: int | None, names: dict[int, str]) -> str:
    return "" if player is None else f"{player} {names.get(player, '')}"


def check_rows(check: trf_check.Check) -> list[dict[str, Any]]:
    """The rounds as the page shows them: boards and byes by starting number and name."""
    names = dict(check.event.names)
    return [
        {
            "number": r.number,
            "same": r.same,
            "relaxed": r.relaxed,
            "only_in_file": [_board_text(b, names) for b in r.only_in_file],
            "only_ours": [_board_text(b, names) for b in r.only_ours],
            "file_bye": _bye_text(r.file_bye, names),
            "our_bye": _bye_text(r.our_bye, names),
        }
        for r in check.rounds
    ]


class TrfAdminMixin:
    """Adds the TRF action and page to the Tournament admin."""

    def get_urls(self) -> list[Any]:
        wrap: Callable[..., Any] = self.admin_site.admin_view  # type: ignore[attr-defined]
        return [
            path("trf-check/", wrap(self.trf_check_view), name="tournaments_trf_check"),
            *super().get_urls(),  # type: ignore[misc]
        ]

    def trf_check_view(self, request: HttpRequest) -> HttpResponse:
        form = TrfCheckForm(request.POST or None, request.FILES or None)
        check = None
        if request.method == "POST" and form.is_valid():
            try:
                check = trf_check.replay(form.cleaned_data["file"])
            except ValueError as exc:  # results the standings refuse (a player twice a round)
                form.add_error(
                    "file", _("The results cannot be replayed: %(reason)s") % {"reason": exc}
                )
        context = {
            **self.admin_site.each_context(request),  # type: ignore[attr-defined]
            "title": _("Check a TRF file"),
            "opts": Tournament._meta,
            "form": form,
            "check": check,
            "rounds": check_rows(check) if check else [],
        }
        return render(request, "tournaments/admin_trf_check.html", context)

    @admin.action(description=gettext_lazy("Export as TRF"))
    def export_trf(
        self, request: HttpRequest, queryset: QuerySet[Tournament]
    ) -> HttpResponse | None:
        """One event: its .trf file; several: a .zip of their files.  An event without a file
        refuses the whole export, naming it and why (nothing is downloaded)."""
        chosen = list(queryset.order_by("pk"))
        refused = [(t, selectors.trf_refusal(t)) for t in chosen]
        if any(reason for _t, reason in refused):
            for t, reason in refused:
                if reason:
                    self.message_user(  # type: ignore[attr-defined]
                        request, f"{t}: {reason}", messages.ERROR
                    )
            return None
        if len(chosen) == 1:
            return trf_response(chosen[0])
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for t in chosen:
                archive.writestr(selectors.trf_filename(t), selectors.trf_text_of(t))
        response = HttpResponse(buffer.getvalue(), content_type="application/zip")
        response["Content-Disposition"] = 'attachment; filename="tournaments-trf.zip"'
        return response
