"""A node of the stand-in cluster: the running server. What a node of its own would do (stop, restart, nodetool,
flush, logs, byteman, stress) skips the test."""
import os

from . import common
from .skips import skip, RESTART, NODETOOL, FLUSH, LOGS, BYTEMAN, STRESS, OTHER


class NodeError(Exception):
    def __init__(self, msg, process=None):
        Exception.__init__(self, msg)
        self.process = process


class TimeoutError(Exception):
    pass


class ToolError(Exception):
    def __init__(self, command, exit_status, stdout=None, stderr=None):
        Exception.__init__(self, "{} exited with {}".format(command, exit_status))
        self.command, self.exit_status, self.stdout, self.stderr = command, exit_status, stdout, stderr


# What one running server cannot do, by the ccm method a test calls.
_NODETOOL = ("nodetool", "compact", "repair", "cleanup", "scrub", "verify", "decommission", "move", "bulkload",
             "get_tokens", "run_sstablesplit", "run_sstable2json", "run_json2sstable", "run_sstableutil",
             "run_sstablemetadata", "run_sstabledump", "run_sstablelevelreset", "run_sstableofflinerelevel",
             "run_sstableverify", "run_sstableexpiredblockers", "run_sstableupgrade", "get_sstables",
             "get_sstables_per_data_directory", "set_batch_commitlog", "flush_and_get_sstables", "hostid",
             "data_directories", "get_sstable_data_files", "truncate_hints")
_RESTART = ("stop", "drain", "restart", "kill", "hard_stop", "pause", "resume", "clear", "set_install_dir_and_restart",
            "start_with_jvm_args")
_LOGS = ("watch_log_for", "watch_log_for_alive", "watch_log_for_death", "grep_log", "mark_log", "wait_for_any_log",
         "watch_log_for_no_errors", "grep_log_for_errors_from", "mark_log_for_errors")


class Node(object):
    def __init__(self, name, cluster, address, port):
        self.name = name
        self.cluster = cluster
        self.address_ = address
        self.network_interfaces = {'binary': (address, port), 'thrift': (address, 9160), 'storage': (address, 7000),
                                   'jmx': None}
        self.ip_addr = address
        self.jmx_port = "7199"
        self.pid = None
        self.data_center = "datacenter1"
        self.rack = "rack1"
        self.status = "DOWN"
        self._path = os.path.join(cluster.get_path(), name)
        os.makedirs(os.path.join(self._path, "logs"), exist_ok=True)
        self.__config_options = {}

    def address(self):
        return self.address_

    def address_for_current_version(self):
        return self.address_

    def address_and_port(self):
        return "{}:7000".format(self.address_)

    def get_path(self):
        return self._path

    def get_install_dir(self):
        return self.cluster.get_install_dir()

    def get_base_cassandra_version(self):
        return common.VERSION

    def get_cassandra_version(self):
        return common.VERSION

    def is_running(self):
        return self.status == "UP"

    def is_live(self):
        return self.is_running()

    def start(self, *args, **kwargs):
        if self.cluster.was_started and not self.is_running():
            skip(RESTART, "{}.start() after it stopped".format(self.name))
        self.cluster.start_server()
        return None

    def set_configuration_options(self, values=None, *args, **kwargs):
        if values:
            from .cluster import check_configuration
            check_configuration(values)
            self.__config_options.update(values)
        return self

    def set_log_level(self, *args, **kwargs):
        return self

    def set_install_dir(self, *args, **kwargs):
        return self

    def import_config_files(self, *args, **kwargs):
        return self

    def set_workloads(self, *args, **kwargs):
        return self

    def log_directory(self):
        return os.path.join(self._path, "logs")

    def logfilename(self):
        return os.path.join(self.log_directory(), "system.log")

    def debuglogfilename(self):
        return os.path.join(self.log_directory(), "debug.log")

    def gclogfilename(self):
        return os.path.join(self.log_directory(), "gc.log.0.current")

    def compactionlogfilename(self):
        return os.path.join(self.log_directory(), "compaction.log")

    def grep_log_for_errors(self, *args, **kwargs):
        return []

    def wait_for_compactions(self, *args, **kwargs):
        return None

    def wait_for_binary_interface(self, *args, **kwargs):
        return None

    def flush(self, *args, **kwargs):
        skip(FLUSH, "{}.flush()".format(self.name))

    def byteman_submit(self, *args, **kwargs):
        skip(BYTEMAN, "{}.byteman_submit()".format(self.name))

    def byteman_port(self):
        skip(BYTEMAN, "{}.byteman_port".format(self.name))

    def stress(self, *args, **kwargs):
        skip(STRESS, "{}.stress()".format(self.name))

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if name in _NODETOOL:
            category = NODETOOL
        elif name in _RESTART:
            category = RESTART
        elif name in _LOGS:
            category = LOGS
        else:
            category = OTHER

        def unavailable(*args, **kwargs):
            skip(category, "{}.{}()".format(self.name, name))
        return unavailable
