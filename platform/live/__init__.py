"""Live matches: the match row and its move log, clocks, the WebSocket consumer, AI and clock jobs."""
