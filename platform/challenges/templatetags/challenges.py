"""``{% open_challenges %}``: the signed-in user's open challenges, for the lobby (which so needs
no import of this app: the template asks)."""

from __future__ import annotations

from typing import Any

from django import template

from .. import selectors

register = template.Library()


@register.inclusion_tag("challenges/_lobby_section.html", takes_context=True)
def open_challenges(context: template.Context) -> dict[str, Any]:
    user = context.get("user")
    if user is None or not user.is_authenticated:
        return {"show": False}
    return {"show": True, "challenges": selectors.open_challenges(user_id=user.pk)}
