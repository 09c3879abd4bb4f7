# Stand-in for ScyllaDB's cluster manager module (Python 3.12 syntax; Debian's Python is 3.11). The cqlpy conftest
# imports ScyllaCluster only to annotate a fixture that is None when the server is given by --host and --port.
class ScyllaCluster:
    pass
