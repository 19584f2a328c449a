from django.contrib import admin

from .models import Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("game", "user", "ai_level", "rating", "games", "updated_at")
    list_filter = ("game",)
    search_fields = ("user__username", "ai_level")


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("match", "seat", "rating", "before", "after", "created_at")
    readonly_fields = ("match", "seat", "rating", "before", "after", "created_at")
