"""The organiser role by name: the group made at migrate time (migration 0005) that holds the
permission the create-event page checks (``can_organise``).  A module of its own, importing
nothing, so the migration and the user admin can name the group without loading the services."""

ORGANISERS_GROUP = "Organisers"
ORGANISE_PERMISSION = ("tournaments", "organise_tournament")
"""App label and codename of the permission ``services.can_organise`` asks for."""
