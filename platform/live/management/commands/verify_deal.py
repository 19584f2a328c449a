"""``manage.py verify_deal <match>``: check that every deal of a finished match came from its
committed seed (docs/fairness.md; the check is ``live.fairness``).  ``--file`` checks a record
downloaded from ``/match/<id>/fairness.json`` instead of the database.  Exit status 0 when every
check passes, 1 when one fails, 2 when there is nothing to check yet."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from live.commitments import fairness_record, match_is_over
from live.fairness import verify_record
from live.models import Match


class Command(BaseCommand):
    help = "Recompute every deal of a finished match from its revealed seed and compare."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("match", nargs="?", type=int, help="the match id")
        parser.add_argument("--file", help="a record downloaded from /match/<id>/fairness.json")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["file"]:
            with open(options["file"], encoding="utf-8") as f:
                record = json.load(f)
        elif options["match"] is not None:
            match = Match.objects.filter(pk=options["match"]).first()
            if match is None:
                raise CommandError(f"there is no match {options['match']}")
            if not match_is_over(match):
                self.stderr.write("the match is still running: its seed stays secret until it ends")
                raise SystemExit(2)
            record = fairness_record(match=match)
        else:
            raise CommandError("name a match id or --file RECORD.json")
        report = verify_record(record)
        for check in report.checks:
            mark = "ok  " if check.ok else "FAIL"
            self.stdout.write(f"{mark} {check.name}: {check.detail}")
        if report.deals:
            self.stdout.write(f"deals recomputed from the seed: {len(report.deals)}")
        if not report.ok:
            self.stdout.write("NOT verified")
            raise SystemExit(1)
        self.stdout.write("verified")
