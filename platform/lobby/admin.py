from django.contrib import admin

from .models import Table, TableSeat


class TableSeatInline(admin.TabularInline):
    model = TableSeat
    extra = 0


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "seat_count", "rated", "status", "created_by", "created_at")
    list_filter = ("game", "status")
    inlines = [TableSeatInline]
