"""The lobby: open tables waiting for players, starting matches against the AI, live matches."""
