"""The platform's user: a custom model from day one, so profile fields never need a migration."""

from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _

from .usernames import PlatformUsernameValidator


class User(AbstractUser):
    """A person with an account; ratings and matches refer to it."""

    # Django's field, with a validator that also refuses characters nobody can see
    # (accounts.usernames): the sign-up form and the admin's rename both run it.
    username_validator = PlatformUsernameValidator()
    username = models.CharField(
        _("username"),
        max_length=150,
        unique=True,
        help_text=_("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
        validators=[username_validator],
        error_messages={"unique": _("A user with that username already exists.")},
    )

    is_bot = models.BooleanField(
        _("bot account"),
        default=False,
        help_text=_(
            "Played by a program through the API (personal API tokens); marked as a bot "
            "everywhere. See docs/api.md."
        ),
    )


class ApiToken(models.Model):
    """A personal API token of a bot account: ``Authorization: Bearer <token>`` on the REST API
    and on the WebSocket handshake.  Only a hash is stored; the token is shown once, at creation.
    """

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(_("name"), max_length=60)
    prefix = models.CharField(
        _("prefix"), max_length=12, help_text=_("The token's first characters, to recognise it.")
    )
    digest = models.CharField(max_length=64, unique=True, help_text="SHA-256 of the token, hex.")
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.name})"

    @property
    def active(self) -> bool:
        return self.revoked_at is None
