"""The platform's user: a custom model from day one, so profile fields never need a migration."""

from __future__ import annotations

from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """A person with an account; ratings and matches refer to it."""
