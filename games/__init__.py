"""Pure rules engines and AI players for every game on the platform (no Django, no I/O)."""
