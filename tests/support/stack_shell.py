"""A Django shell of a test stack that stays up: ``Stack.django(code)`` sends code to it instead of
starting ``manage.py shell`` for every call.

A new ``manage.py shell`` costs about 1.9 s of CPU (Django, every app, every game engine imported);
the system tests ask their stacks dozens of questions each (polling a match until it ends), which
on a loaded two-core machine was minutes of CPU taken from the very processes under test.

Each request runs as a fresh shell would see it: in a new namespace with the shell's automatic
imports, with no time measurement carried over (``timebase``/``liveness`` forgotten, as a new
process starts), and with every database connection closed afterwards (nothing held between
requests: a restarted database server is met with a new connection).

Protocol: one JSON object a line on stdin (``{"code": ...}``), one JSON object a line on stdout
(``{"ok": bool, "stdout": str, "error": str}``).  Run as ``python tests/support/stack_shell.py``
with the stack's environment.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import traceback
from pathlib import Path


def main() -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "platform"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management.commands.shell import Command
    from django.db import connections

    from live import liveness, timebase

    replies = sys.stdout
    sys.stdout = sys.stderr  # stray prints of imported code must not break the protocol
    for line in sys.stdin:
        code = json.loads(line)["code"]
        out = io.StringIO()
        error = ""
        timebase.forget()
        liveness.forget()
        try:
            namespace = Command().get_namespace(verbosity=0)
            with contextlib.redirect_stdout(out):
                exec(compile(code, "<stack.django>", "exec"), namespace)  # noqa: S102
        except BaseException:  # noqa: BLE001 - every failure goes back to the test
            error = traceback.format_exc()
        finally:
            connections.close_all()
        replies.write(json.dumps({"ok": not error, "stdout": out.getvalue(), "error": error}))
        replies.write("\n")
        replies.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
