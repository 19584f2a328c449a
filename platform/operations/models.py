"""Durable facts of running the platform: what operators did (the audit log), the sanctions on
users (bans, mutes), and the running totals behind the metrics endpoint.

Rows are written by :mod:`operations.services` only; nothing here has logic in ``save()``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AuditAction(models.TextChoices):
    MATCH_ABORT = "match_abort", _("match aborted")
    MATCH_ADJUDICATE = "match_adjudicate", _("match adjudicated")
    USER_BAN = "user_ban", _("user banned")
    USER_MUTE = "user_mute", _("user muted")
    SANCTION_LIFT = "sanction_lift", _("sanction lifted")
    SANCTION_EXPIRE = "sanction_expire", _("sanction expired")
    COOLDOWN_LIFT = "cooldown_lift", _("queue cooldown lifted")
    BOT_MARK = "bot_mark", _("bot mark changed")
    USER_ACCESS = "user_access", _("staff, superuser, groups or permissions changed")


class AuditEntry(models.Model):
    """One operator action: who, what, when, why — written in the transaction of the action itself,
    so an action that rolled back leaves no entry and an entry always names a committed action."""

    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("who"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    actor_name = models.CharField(
        _("who (name)"), max_length=150, help_text=_("Kept if the account is deleted.")
    )
    action = models.CharField(_("what"), max_length=30, choices=AuditAction.choices)
    target_type = models.CharField(_("target type"), max_length=30)
    target_id = models.CharField(_("target id"), max_length=40)
    target_repr = models.CharField(_("target"), max_length=200)
    reason = models.TextField(_("why"))
    detail = models.JSONField(_("detail"), default=dict, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name = _("audit log entry")
        verbose_name_plural = _("audit log")
        indexes = [models.Index(fields=["target_type", "target_id"], name="audit_target")]

    def __str__(self) -> str:
        when = f"{self.created_at:%Y-%m-%d %H:%M:%S}"
        return f"{when} {self.actor_name} {self.action} {self.target_repr}"


class SanctionKind(models.TextChoices):
    BAN = "ban", _("ban (no log-in, no play)")
    MUTE = "mute", _("mute (no chat)")


class Sanction(models.Model):
    """A ban or a mute of one user, with its reason and (optionally) its expiry.

    Active while not lifted and not expired.  A ban deactivates the account (``is_active``), which
    Django's session and the API tokens then refuse everywhere; ``deactivated`` records that this
    ban did it, so lifting the last ban gives back exactly what it took.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="sanctions",
    )
    kind = models.CharField(_("kind"), max_length=10, choices=SanctionKind.choices)
    reason = models.TextField(_("reason"))
    created_at = models.DateTimeField(_("since"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    expires_at = models.DateTimeField(
        _("expires"), null=True, blank=True, help_text=_("Empty: until lifted.")
    )
    lifted_at = models.DateTimeField(_("lifted"), null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("lifted by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    deactivated = models.BooleanField(
        default=False, help_text=_("This ban switched the account off (is_active).")
    )

    class Meta:
        ordering = ["-id"]
        verbose_name = _("sanction")
        verbose_name_plural = _("sanctions")
        indexes = [
            models.Index(
                fields=["user", "kind"],
                name="sanction_open",
                condition=models.Q(lifted_at__isnull=True),
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} of {self.user_id}"


class MetricCursor(models.Model):
    """How far the running totals have read an append-only table (the move log), by id."""

    name = models.CharField(max_length=40, unique=True)
    last_id = models.BigIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.name} read up to {self.last_id}"


class MetricTally(models.Model):
    """One running total behind the metrics endpoint: a counter, or one histogram bucket / sum /
    count, for one label set (``labels``: ``name=value`` pairs joined by ``,`` in a fixed order)."""

    name = models.CharField(max_length=80)
    labels = models.CharField(max_length=200, blank=True)
    value = models.FloatField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["name", "labels"], name="one_tally_per_series")
        ]

    def __str__(self) -> str:
        return f"{self.name}{{{self.labels}}} = {self.value}"
