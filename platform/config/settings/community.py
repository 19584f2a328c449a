"""The apps around the live core: the lobby, the ranked queue (matchmaking/README.md says why each
figure), ratings (docs/ratings.md) and chat (docs/chat.md).  These were defaults inside each app
before; here they are settings like every other, changed by the same means."""

from __future__ import annotations

from typing import Any

from .environment import env_str

LOBBY_FEATURED_GAME = env_str("LOBBY_FEATURED_GAME", "spectacular_bid")

# The ranked queue (matchmaking.conf.queue_settings), in seconds.
QUEUE_GRACE_S = 15
QUEUE_REQUEUE_GRACE_S = 60
QUEUE_AI_FILL_S = 30
QUEUE_HEARTBEAT_S = 5
QUEUE_STATUS_PUSH_S = 1
QUEUE_COOLDOWN_BASE_S = 30
QUEUE_COOLDOWN_MAX_S = 600
QUEUE_COOLDOWN_FORGET_S = 24 * 3600
# The pairing window: keyword arguments of matchmaking.pairing.PairingSettings (empty: its own).
QUEUE_WINDOW: dict[str, Any] = {}

# Elo: keyword arguments of ratings.elo.EloSettings (empty: its own figures).
ELO: dict[str, Any] = {}

CHAT_MAX_LENGTH = 300  # characters of one message, after trimming
CHAT_RATE_LIMIT = 5  # messages per user ...
CHAT_RATE_WINDOW_S = 10  # ... within this many seconds, over all rooms
CHAT_HISTORY = 50  # messages per room sent on connecting
CHAT_TEXT_FILTER: Any = "chat.filters.mask_words"  # dotted path of a callable text -> text

# Challenges (docs/challenges.md): how long an unanswered one stays open, and whether a bot
# account (played through the API, which has no challenge endpoint) may be challenged.
CHALLENGE_EXPIRY_S = 10 * 60
CHALLENGES_TO_BOTS = False
