"""The stand-in cluster: one node, the server at DTEST_ADDRESS:DTEST_PORT, which run.sh started. A test's first start
drops every keyspace but the system ones, so that each test begins on an empty server, as on a fresh ccm cluster."""
import os
import shutil
import time
from collections import OrderedDict

from . import common
from .node import Node
from .skips import skip, MORE_NODES, RESTART, NODETOOL, FLUSH, STRESS, CONFIG, OTHER

ADDRESS = os.environ.get("DTEST_ADDRESS", "127.0.0.1")
PORT = int(os.environ.get("DTEST_PORT", "9042"))
# The partitioner both servers run; a test that asks for another one cannot have it.
PARTITIONER = "org.apache.cassandra.dht.Murmur3Partitioner"


def drop_user_keyspaces():
    from cassandra.cluster import Cluster as DriverCluster, NoHostAvailable
    # A server that has just opened its port may still be warming up: patient, as dtest's own connections are.
    deadline = time.time() + 90
    while True:
        driver = DriverCluster([ADDRESS], port=PORT, connect_timeout=30, control_connection_timeout=30)
        try:
            session = driver.connect()
            break
        except NoHostAvailable:
            driver.shutdown()
            if time.time() > deadline:
                raise
            time.sleep(1)
    try:
        names = [r.keyspace_name for r in session.execute("SELECT keyspace_name FROM system_schema.keyspaces")]
        for name in names:
            if not name.startswith("system"):
                session.execute('DROP KEYSPACE IF EXISTS "{}"'.format(name.replace('"', '""')), timeout=120)
    finally:
        driver.shutdown()


# Options whose other values change what every statement may do; the running server has the defaults.
_DEFAULTS = {"authenticator": "AllowAllAuthenticator", "authorizer": "AllowAllAuthorizer",
             "role_manager": "CassandraRoleManager"}


def check_configuration(values):
    for key, default in _DEFAULTS.items():
        value = values.get(key)
        if value is not None and not str(value).endswith(default):
            skip(CONFIG, "{}: {}".format(key, value))


class _LogWatch(object):
    def join(self, timeout=None):
        return None

    def is_alive(self):
        return False


class Cluster(object):
    def __init__(self, path, name, partitioner=None, install_dir=None, create_directory=True, version=None,
                 verbose=False, derived_cassandra_version=None, cassandra_version=None, cassandra_dir=None, **kwargs):
        self.name = name
        self.path = path
        self.nodes = OrderedDict()
        self.seeds = []
        self.partitioner = partitioner or PARTITIONER
        self._config_options = {}
        self._environment_variables = {}
        self.use_vnodes = True
        self.was_started = False
        self.id = 0
        self.ipprefix = None
        os.makedirs(os.path.join(path, name), exist_ok=True)

    # Configuration: recorded, not applied (the server runs with the switches run.sh gave it); a test that needs
    # authentication cannot have it on the running server.
    def set_configuration_options(self, values=None, batch_commitlog=None, **kwargs):
        if values:
            check_configuration(values)
            self._config_options.update(values)
        return self

    def set_configuration_yaml(self, *args, **kwargs):
        return self

    def set_batch_commitlog(self, *args, **kwargs):
        return self

    def set_datadir_count(self, n):
        return self

    def set_environment_variable(self, key, value):
        self._environment_variables[key] = value
        return self

    def set_log_level(self, *args, **kwargs):
        return self

    def set_install_dir(self, *args, **kwargs):
        return self

    def set_partitioner(self, partitioner):
        if partitioner and not partitioner.endswith(PARTITIONER.rsplit(".", 1)[1]):
            skip(CONFIG, "partitioner {}".format(partitioner))
        return self

    def get_install_dir(self):
        return os.environ["DTEST_INSTALL_DIR"]

    def get_path(self):
        return os.path.join(self.path, self.name)

    def version(self):
        return common.VERSION

    def cassandra_version(self):
        return common.VERSION

    def nodelist(self):
        return list(self.nodes.values())

    def populate(self, nodes, debug=False, tokens=None, use_vnodes=None, ipprefix=None, ipformat=None,
                 install_byteman=False, **kwargs):
        count = sum(nodes) if isinstance(nodes, (list, tuple)) else int(nodes)
        if count + len(self.nodes) > 1:
            skip(MORE_NODES, "populate({})".format(nodes))
        if count == 1:
            node = Node("node1", self, ADDRESS, PORT)
            self.nodes[node.name] = node
            self.seeds.append(node)
        return self

    def add(self, node, is_seed, data_center=None, rack=None):
        skip(MORE_NODES, "add({})".format(getattr(node, "name", node)))

    def new_node(self, *args, **kwargs):
        skip(MORE_NODES, "new_node")

    def start_server(self):
        if not self.was_started:
            drop_user_keyspaces()
            self.was_started = True
            for node in self.nodes.values():
                node.status = "UP"

    def start(self, *args, **kwargs):
        if not self.nodes:
            skip(OTHER, "start() of a cluster without nodes")
        if self.was_started and any(not n.is_running() for n in self.nodes.values()):
            skip(RESTART, "cluster.start() after a node stopped")
        self.start_server()
        return self

    def stop(self, *args, **kwargs):
        skip(RESTART, "cluster.stop()")

    def actively_watch_logs_for_error(self, on_error_call, interval=1):
        return _LogWatch()

    def remove(self, node=None):
        if node is not None:
            skip(MORE_NODES, "remove({})".format(node.name))
        shutil.rmtree(os.path.join(self.path, self.name), ignore_errors=True)

    def clear(self):
        return None

    def flush(self, *args, **kwargs):
        skip(FLUSH, "cluster.flush()")

    def compact(self, *args, **kwargs):
        skip(NODETOOL, "cluster.compact()")

    def repair(self, *args, **kwargs):
        skip(NODETOOL, "cluster.repair()")

    def cleanup(self, *args, **kwargs):
        skip(NODETOOL, "cluster.cleanup()")

    def nodetool(self, *args, **kwargs):
        skip(NODETOOL, "cluster.nodetool()")

    def stress(self, *args, **kwargs):
        skip(STRESS, "cluster.stress()")

    def wait_for_compactions(self, *args, **kwargs):
        return None

    def timed_grep_nodes_for_patterns(self, *args, **kwargs):
        from .skips import LOGS
        skip(LOGS, "timed_grep_nodes_for_patterns")

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)

        def unavailable(*args, **kwargs):
            skip(OTHER, "cluster.{}()".format(name))
        return unavailable
