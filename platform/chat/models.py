"""Chat messages and the mutes players set for themselves (docs/chat.md).

A room is named by a key: ``match:<id>:players``, ``match:<id>:spectators`` or
``tournament:<id>``.  Nothing here refers to a match's move log: chat never touches ``live.Move``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ChatMessage(models.Model):
    room = models.CharField(_("room"), max_length=40)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("author"),
        on_delete=models.CASCADE,
        related_name="chat_messages",
    )
    text = models.TextField(_("text"))
    created_at = models.DateTimeField(_("sent"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        indexes = [
            models.Index(fields=["room", "-id"], name="chat_room_recent"),
            models.Index(fields=["author", "-created_at"], name="chat_author_recent"),
        ]

    def __str__(self) -> str:
        return f"{self.room} #{self.pk}"


class ChatMute(models.Model):
    """``user`` no longer sees what ``muted`` writes (for ``user`` only)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="chat_mutes",
    )
    muted = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("muted user"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("chat mute")
        verbose_name_plural = _("chat mutes")
        constraints = [
            models.UniqueConstraint(fields=["user", "muted"], name="chat_mute_once"),
            models.CheckConstraint(
                condition=~models.Q(user=models.F("muted")), name="chat_mute_not_self"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} mutes {self.muted_id}"
