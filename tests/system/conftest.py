"""System tests start real processes; the fixture lives in tests/support/stack.py."""

from support.stack import make_stack  # noqa: F401 - a fixture
