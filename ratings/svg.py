"""A rating history as a small inline SVG line chart (no chart library, no JavaScript)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape


def history_svg(points: Sequence[float], *, width: int = 240, height: int = 60) -> str:
    if len(points) < 2:
        points = [*points, *points] if points else [0.0, 0.0]
    low, high = min(points), max(points)
    span = max(high - low, 1.0)
    step = width / (len(points) - 1)
    coords = " ".join(
        f"{i * step:.1f},{height - 4 - (p - low) / span * (height - 8):.1f}"
        for i, p in enumerate(points)
    )
    label = escape(f"rating history from {points[0]:.0f} to {points[-1]:.0f}")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{label}">'
        f'<polyline fill="none" stroke="currentColor" stroke-width="2" points="{coords}"/></svg>'
    )
