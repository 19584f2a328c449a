"""Create the demo operator account if it does not exist, and print how to sign in."""

from __future__ import annotations

import os
from typing import Any

from django.core.management.base import BaseCommand

from accounts.services import operator_ensure


class Command(BaseCommand):
    help = "Create the operator account (OPERATOR_USERNAME / OPERATOR_PASSWORD) if missing."

    def handle(self, *args: Any, **options: Any) -> None:
        username = os.environ.get("OPERATOR_USERNAME", "operator")
        password = os.environ.get("OPERATOR_PASSWORD", "operator-demo-password")
        _, created = operator_ensure(username=username, password=password)
        if created:
            self.stdout.write(
                f"Operator account created: {username} / {password}  (admin: /admin/; change the "
                "password there, or set OPERATOR_USERNAME / OPERATOR_PASSWORD before the first run)"
            )
        else:
            self.stdout.write(f"Operator account: {username} (password unchanged)")
