"""The emulator's own tests use its fixture directly (the lead registers it repo-wide), and
the ``table`` of ``table.py``."""

from tests.emulator.fixtures import emulator
from tests.emulator.table import table

__all__ = ["emulator", "table"]
