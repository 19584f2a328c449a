"""System tests start real processes; the fixtures (``shared_stack``, ``make_stack``) live in
tests/support/stack.py and are plugins of tests/conftest.py."""
