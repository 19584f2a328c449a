"""Create the demo operator account if it does not exist, and print how to sign in."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from accounts.security import DEMO_OPERATOR_PASSWORD
from accounts.services import operator_ensure


class Command(BaseCommand):
    help = "Create the operator account (OPERATOR_USERNAME / OPERATOR_PASSWORD) if missing."

    def handle(self, *args: Any, **options: Any) -> None:
        username = settings.OPERATOR_USERNAME
        password = settings.OPERATOR_PASSWORD or DEMO_OPERATOR_PASSWORD  # unset: the demo one
        if password == DEMO_OPERATOR_PASSWORD and not settings.SERVES_ONLY_LOOPBACK:
            # The log-in refuses the demo password off loopback anyway (accounts.backends); an
            # account nobody can use must not be created silently either.
            raise CommandError(
                "DJANGO_ALLOWED_HOSTS serves names other than loopback: set OPERATOR_PASSWORD "
                "(the demo password only works on 127.0.0.1)"
            )
        _, created = operator_ensure(username=username, password=password)
        if created:
            self.stdout.write(
                f"Operator account created: {username} / {password}  (admin: /admin/; change the "
                "password there, or set OPERATOR_USERNAME / OPERATOR_PASSWORD before the first run)"
            )
        else:
            self.stdout.write(f"Operator account: {username} (password unchanged)")
