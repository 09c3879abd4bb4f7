"""A pytest plugin: runs the cqlengine tests' nose-style package fixture (setup_package/teardown_package in
tests/integration/cqlengine/__init__.py), which pytest does not call, once around the whole run."""
import pytest


@pytest.fixture(scope="session", autouse=True)
def cqlengine_package():
    from tests.integration import cqlengine
    cqlengine.setup_package()
    yield
    cqlengine.teardown_package()
