"""The reasons a test cannot run against one running server. Each ends the test as skipped (pytest.skip raises a
BaseException, so a test's own `except Exception` does not swallow it); the message starts with "ccm stand-in:" and a
category, which compare.py counts."""
import pytest

MORE_NODES = "more nodes"
RESTART = "restart"
NODETOOL = "nodetool"
FLUSH = "flush"
LOGS = "logs"
BYTEMAN = "byteman"
STRESS = "stress"
CONFIG = "configuration"
OTHER = "other"


def skip(category, detail):
    pytest.skip("ccm stand-in: {}: {}".format(category, detail))
