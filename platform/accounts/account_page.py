"""The account page (``/accounts/account/``): your bot status and your personal API tokens —
create one (its secret shown once, on this answer only), revoke one, revoke all at once.

Token management lives here and on the API's session endpoints only: a request authenticated by
a token cannot create or revoke tokens (``accounts.api.SignedInSession``).  Writes go through
``accounts.services`` (the same calls as the API's); this view only reads the form and shows the
outcome.  Every irreversible button sits behind a confirm box (``<details>``, no script needed).
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from . import selectors, services


class NewTokenForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("What is the token for?"),
        max_length=60,
        help_text=gettext_lazy("For example: my bot on server 2"),
    )


def _refusal(error: services.AccountError) -> str:
    """The service's refusal in the reader's language."""
    texts = {
        "not_a_bot": _("Only bot accounts have API tokens: turn this account into a bot first."),
        "too_many_tokens": _("At most %(limit)d open tokens: revoke one first.")
        % {"limit": services.BOT_TOKEN_LIMIT},
        "has_played": _("Only an account that has not played any match can become a bot."),
    }
    return texts.get(error.code, error.message)


@never_cache  # the answer that shows a new token must not stay in any cache, nor in back/forward
@login_required
@require_http_methods(["GET", "POST"])
def account(request: HttpRequest) -> HttpResponse:
    user = request.user
    form = NewTokenForm()
    secret = None
    action = request.POST.get("action")
    if action == "create":
        form = NewTokenForm(request.POST)
        if form.is_valid():
            try:
                _token, secret = services.token_create(
                    user_id=user.pk, name=form.cleaned_data["name"]
                )
            except services.AccountError as exc:
                messages.error(request, _refusal(exc))
            else:
                form = NewTokenForm()
    elif action == "revoke":
        token_id = request.POST.get("token_id", "")
        if token_id.isdigit() and services.token_revoke(token_id=int(token_id), user_id=user.pk):
            messages.success(request, _("The token was revoked."))
        else:
            messages.error(request, _("No such open token of yours."))
        return redirect("accounts:account")
    elif action == "revoke_all":
        count = len(services.tokens_revoke_all(user_id=user.pk))
        messages.success(
            request,
            ngettext("%(count)d token was revoked.", "%(count)d tokens were revoked.", count)
            % {"count": count},
        )
        return redirect("accounts:account")
    elif action == "become_bot":
        try:
            services.bot_upgrade(user_id=user.pk)
        except services.AccountError as exc:
            messages.error(request, _refusal(exc))
        return redirect("accounts:account")
    elif request.method == "POST":
        messages.error(request, _("Unknown action."))
        return redirect("accounts:account")
    user.refresh_from_db(fields=["is_bot"])
    tokens = list(selectors.tokens_of(user=user))
    return render(
        request,
        "accounts/account.html",
        {
            "form": form,
            "secret": secret,
            "tokens": tokens,
            "open_tokens": sum(1 for t in tokens if t.revoked_at is None),
        },
        status=400 if action == "create" and secret is None else 200,
    )
