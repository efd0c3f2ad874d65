"""Shared settings of the Python tests."""

from hypothesis import settings

settings.register_profile("default", max_examples=60, deadline=None)
settings.load_profile("default")
