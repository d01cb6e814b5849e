"""The e2e ``table`` fixture (the real bot on the emulator) for the fault tests."""

from tests.e2e.conftest import table

__all__ = ["table"]
