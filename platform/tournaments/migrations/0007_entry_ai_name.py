"""AI entrants get a name as the lobby names AI players ("Ada (bot)"); entrants of earlier events
are named in the order they were entered, as ``tournaments.ai_entrants.entrant_names`` would."""

from django.db import migrations, models

from live.ai_players import AI_NAMES


def name_earlier_entrants(apps, schema_editor):  # type: ignore[no-untyped-def]
    Entry = apps.get_model("tournaments", "Entry")
    counts: dict[int, int] = {}
    for entry in Entry.objects.filter(user__isnull=True).order_by("tournament_id", "pk"):
        n = counts.get(entry.tournament_id, 0)
        counts[entry.tournament_id] = n + 1
        base, lap = AI_NAMES[n % len(AI_NAMES)], n // len(AI_NAMES)
        entry.ai_name = f"{base} (bot)" if lap == 0 else f"{base} {lap + 1} (bot)"
        entry.save(update_fields=["ai_name"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0006_organisers_group"),
    ]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="ai_name",
            field=models.CharField(
                blank=True,
                help_text="An AI entrant's name, as the lobby names AI players; its match seats "
                "carry it.",
                max_length=40,
            ),
        ),
        migrations.RunPython(name_earlier_entrants, migrations.RunPython.noop),
    ]
