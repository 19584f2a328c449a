"""The Organisers group with the permission the create-event page checks, made at migrate time so
that granting the role is one group membership (the user admin's action) rather than a raw
permission picked from a list."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "Organisers"  # tournaments.organisers.ORGANISERS_GROUP, as it was when this was written
CODENAME = "organise_tournament"


def make_group(apps, schema_editor):  # type: ignore[no-untyped-def]
    # On a fresh database the permissions are made after all migrations (post_migrate): make
    # this app's now, so the group can hold its permission.
    config = apps.get_app_config("tournaments")
    config.models_module = True
    create_permissions(config, apps=apps, verbosity=0)
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=GROUP)
    group.permissions.add(
        Permission.objects.get(content_type__app_label="tournaments", codename=CODENAME)
    )


def remove_group(apps, schema_editor):  # type: ignore[no-untyped-def]
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_organiser_request"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(make_group, remove_group)]
