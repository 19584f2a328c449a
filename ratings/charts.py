"""A rating history as an inline SVG line chart with its axes (no chart library, no JavaScript):
ratings up the side, rated games along the bottom with the first and last date.  The profile
page shows one per game (``ratings.selectors.profile_ratings``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from html import escape

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

WIDTH, HEIGHT = 360, 150
LEFT, RIGHT, TOP, BOTTOM = 44, 10, 10, 34


def _ticks(low: float, high: float) -> list[int]:
    """Three round ratings spanning the line (steps of 10, 25, 50 … as the span needs)."""
    span = max(high - low, 1.0)
    step = next(s for s in (10, 25, 50, 100, 250, 500, 1000) if span / s <= 4)
    first = int(low // step * step)
    ticks = list(range(first, int(high) + step, step))
    return ticks if len(ticks) >= 2 else [first, first + step]


def rating_chart_svg(ratings: Sequence[float], dates: Sequence[datetime | None]) -> str:
    """``ratings[0]`` is the starting rating, ``ratings[i]`` the rating after rated game *i*
    (played on ``dates[i - 1]``)."""
    points = list(ratings) if len(ratings) >= 2 else [*ratings, *ratings] or [0.0, 0.0]
    ticks = _ticks(min(points), max(points))
    low, high = ticks[0], ticks[-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + i * plot_w / (len(points) - 1)

    def y(r: float) -> float:
        return TOP + plot_h - (r - low) / (high - low) * plot_h

    count = len(ratings) - 1
    games = ngettext("%(n)s game", "%(n)s games", count) % {"n": count}
    label = _("Rating history from %(first)s to %(last)s") % {
        "first": round(points[0]),
        "last": round(points[-1]),
    }
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" class="rating-chart" role="img" '
        f'aria-label="{escape(f"{label}, {games}")}">'
    ]
    for tick in ticks:
        parts.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" '
            f'y2="{y(tick):.1f}" stroke="currentColor" stroke-opacity="0.15"/>'
            f'<text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" font-size="11" '
            f'fill="currentColor">{tick}</text>'
        )
    axis_y = TOP + plot_h
    parts.append(
        f'<line x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{axis_y}" stroke="currentColor"/>'
        f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{axis_y}" y2="{axis_y}" '
        'stroke="currentColor"/>'
    )
    coords = " ".join(f"{x(i):.1f},{y(p):.1f}" for i, p in enumerate(points))
    parts.append(
        f'<polyline fill="none" stroke="currentColor" stroke-width="2" points="{coords}"/>'
    )
    known = [d for d in dates if d is not None]
    first_label = formats.date_format(known[0], "SHORT_DATE_FORMAT") if known else ""
    last_label = formats.date_format(known[-1], "SHORT_DATE_FORMAT") if known else ""
    parts.append(
        f'<text x="{LEFT}" y="{HEIGHT - 14}" font-size="11" fill="currentColor">'
        f"{escape(first_label)}</text>"
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 14}" font-size="11" text-anchor="end" '
        f'fill="currentColor">{escape(last_label)}</text>'
        f'<text x="{(LEFT + WIDTH - RIGHT) / 2:.0f}" y="{HEIGHT - 2}" font-size="11" '
        f'text-anchor="middle" fill="currentColor">{escape(games)}</text>'
    )
    parts.append("</svg>")
    return "".join(parts)
