"""Accounts: sign-up, log-in and profiles of the people who play."""
