"""Live matches: the match row, its move log, clocks, the WebSocket consumer, AI and clock jobs."""
