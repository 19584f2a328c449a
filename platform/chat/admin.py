from django.contrib import admin

from .models import ChatMessage, ChatMute


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("id", "room", "author", "text", "created_at")
    list_filter = ("created_at",)
    search_fields = ("room", "author__username", "text")
    raw_id_fields = ("author",)
    readonly_fields = ("room", "author", "text", "created_at")

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False


@admin.register(ChatMute)
class ChatMuteAdmin(admin.ModelAdmin):
    list_display = ("user", "muted", "created_at")
    search_fields = ("user__username", "muted__username")
    raw_id_fields = ("user", "muted")
