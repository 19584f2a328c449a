"""How the site presents computer players to people: a name per AI seat, and each AI level of a
game as a level a person understands (beginner / casual / club / expert) with a one-line
description and a guide rating.

The games declare their levels under their own keys (``Game.bots``: ``random``, ``greedy``,
``planner``, ``expert`` …, weakest first) and those keys stay what the move log, the API and the
rating rows store.  Only the words shown to people come from here, so a game may rename or add a
bot without touching the platform: a key this module does not know is placed by its position in
the game's list and named after itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.core import Game

AI_NAMES = (
    "Ada",
    "Bruno",
    "Clara",
    "Dmitri",
    "Elif",
    "Farid",
    "Greta",
    "Hiro",
    "Ines",
    "Jonas",
    "Kemal",
    "Lena",
)
"""One name per seat number: the AI seats of one match never share a name, and a name never
depends on the page's language (the same state frame goes to every spectator)."""


def ai_seat_name(seat: int) -> str:
    """The name of the computer player in ``seat`` ("Clara (bot)"): distinct per seat, marked as a
    computer so that it cannot be taken for a person's user name."""
    return f"{AI_NAMES[seat % len(AI_NAMES)]} (bot)"


@dataclass(frozen=True)
class Tier:
    """A strength people recognise; every game's levels map onto these."""

    slug: str
    label: Promise
    description: Promise
    guide_rating: int
    """Where the level is meant to sit on the site's Elo scale (new players start at 1500): a
    guide for choosing, shown until the level has a measured rating of its own."""


BEGINNER = Tier(
    "beginner",
    _("Beginner"),
    _("Plays any legal move: good for learning the rules."),
    900,
)
CASUAL = Tier(
    "casual",
    _("Casual"),
    _("Takes the best-looking move now, without a plan: a fair first opponent."),
    1300,
)
CLUB = Tier(
    "club",
    _("Club player"),
    _("Plans a few moves ahead and keeps strong cards back."),
    1550,
)
EXPERT = Tier(
    "expert",
    _("Expert"),
    _("Thinks through the cards it cannot see: plays to win."),
    1800,
)
TIERS = (BEGINNER, CASUAL, CLUB, EXPERT)

KNOWN_KEYS: Mapping[str, Tier] = {
    "random": BEGINNER,
    "beginner": BEGINNER,
    "easy": BEGINNER,
    "greedy": CASUAL,
    "casual": CASUAL,
    "heuristic": CASUAL,
    "planner": CLUB,
    "club": CLUB,
    "intermediate": CLUB,
    "expert": EXPERT,
    "strong": EXPERT,
}
"""Level keys the games use (or may use), by the tier they stand for."""

GAME_DESCRIPTIONS: Mapping[tuple[str, str], Promise] = {
    ("holdem", "greedy"): _("Plays only good hands, and bets them hard."),
    ("spectacular_bid", "expert"): _("Counts the tiles it cannot see: plays to win."),
    ("guandan", "expert"): _("Plans how to go out in the fewest plays and plays for its partner."),
    ("bridge", "greedy"): _("Bids a standard natural system and plays sound club bridge."),
    ("bridge", "expert"): _("Bids the system and tries each card on many deals that fit the play."),
}
"""Where a game's bot plays unlike its tier's general description."""

NEWCOMER_TIERS = (CASUAL, CLUB, BEGINNER, EXPERT)
"""The default level for a newcomer: the first of these tiers the game offers."""


@dataclass(frozen=True)
class Level:
    """One AI level of one game as shown to people."""

    key: str
    """The game's own key (what forms post and seats store)."""
    tier: Tier
    label: str
    description: str
    rating: int
    measured: bool
    """True when ``rating`` is the level's own rating on the site, False for the tier's guide."""

    def as_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "tier": self.tier.slug,
            "label": self.label,
            "description": self.description,
            "rating": self.rating,
            "measured": self.measured,
        }


def _tier_by_position(index: int, count: int) -> Tier:
    """An unknown key's tier from its place in the game's list (weakest first)."""
    if count <= 1:
        return CASUAL
    return TIERS[round(index * (len(TIERS) - 1) / (count - 1))]


def tier_of(game: Game[Any], key: str) -> Tier:
    keys = list(game.bots)
    if key in KNOWN_KEYS:
        return KNOWN_KEYS[key]
    return _tier_by_position(keys.index(key) if key in keys else 0, len(keys))


def game_levels(game: Game[Any], ratings: Mapping[str, float] | None = None) -> list[Level]:
    """Every AI level of ``game``, weakest first, in the current language.

    ``ratings`` are measured ratings by level key (``ratings.Rating`` rows of AI levels); a level
    without one shows its tier's guide rating.  Two keys of one game that land on the same tier
    are told apart by their own key.
    """
    keys = list(game.bots)
    tiers = [tier_of(game, key) for key in keys]
    levels = []
    for key, tier in zip(keys, tiers, strict=True):
        label = str(tier.label)
        if tiers.count(tier) > 1 or (key not in KNOWN_KEYS):
            label = f"{label} ({key.replace('_', ' ')})"
        description = GAME_DESCRIPTIONS.get((game.slug, key), tier.description)
        measured = (ratings or {}).get(key)
        levels.append(
            Level(
                key=key,
                tier=tier,
                label=label,
                description=str(description),
                rating=tier.guide_rating if measured is None else round(measured),
                measured=measured is not None,
            )
        )
    return levels


def default_level(game: Game[Any]) -> str:
    """The level a newcomer gets unless they choose: a fair game, neither random nor the best."""
    by_tier = {tier_of(game, key): key for key in reversed(list(game.bots))}
    for tier in NEWCOMER_TIERS:
        if tier in by_tier:
            return by_tier[tier]
    return next(iter(game.bots))


def level_label(game: Game[Any], key: str) -> str:
    """The people's name of one level (the key itself for a level the game no longer has)."""
    for level in game_levels(game):
        if level.key == key:
            return level.label
    return key
