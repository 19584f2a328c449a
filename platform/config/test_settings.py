"""The in-process tests' settings (pyproject.toml names them for pytest): production's, with what
only a test run wants.

* A fast password hasher.  Production's PBKDF2 (1.2 M iterations) is deliberately slow: it was about
  three quarters of the in-process tests' CPU, spent on hashing the same test passwords again and
  again.  Django's testing documentation recommends the swap.
* No fsync of the throw-away SQLite test database (below).

The system and browser tests' stacks of real processes run on this module too (the hasher and the
fsync are all it changes: hundreds of sign-ups, thrown-away databases); the benches run on
``config.settings`` itself, and the tests of the production settings read them in fresh processes of
``config.settings`` (tests/platform/test_security_settings.py): what players meet is what those
measure and check.
"""

from .settings import *  # noqa: F403 - this module is production's settings plus the lines below

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# * The in-process tests' SQLite file is thrown away after the run: no fsync at every commit (the
#   transactional tests commit thousands of times; each commit waited for the disk).
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"]["OPTIONS"]["init_command"] = "PRAGMA synchronous=OFF"  # noqa: F405
