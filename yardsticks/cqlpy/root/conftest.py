# The suite's root conftest, as its own runner uses it outside ScyllaDB's test.py: fixtures scoped to the session and
# no managed cluster (the server is already running, given by --host and --port). The real root conftest also
# registers Allure reporting plugins, which Debian does not package and which do not change a test's outcome.
import pytest


def dynamic_scope():
    return "session"


@pytest.fixture(scope="session")
def scylla_cluster():
    return None


# Debian's pytest-asyncio (0.20) runs async fixtures (the suite's `host`) in a function-scoped loop unless a wider one
# is given; the newer plugin the suite is written for scopes it with the fixture.
@pytest.fixture(scope="session")
def event_loop():
    import asyncio
    loop = asyncio.new_event_loop()
    yield loop
    loop.close()
