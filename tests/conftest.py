"""Project-wide pytest configuration: the Discord emulator and PostgreSQL fixtures are
available everywhere."""

from hypothesis import HealthCheck, settings

pytest_plugins = ["tests.emulator.fixtures", "tests.pg"]

# No property test is a timed test: a busy machine must not turn a slow example into a
# failure (hypothesis's 200 ms deadline: a Rising Sun bid test reaches 64 ms per example on
# this machine under load) or a health-check error. Every example still runs; only the
# wall-clock judgements go.
settings.register_profile(
    "tenka", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.load_profile("tenka")
