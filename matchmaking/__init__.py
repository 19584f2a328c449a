"""The ranked queue: the pure pairing algorithm (pairing.py) and the Django app around it."""
