"""Elo ratings: the pure rating math (elo.py) and the Django app around it."""
