import os
import platform
from distutils.version import LooseVersion

from .skips import skip, OTHER

# The version the running server speaks (both ringsim and the oracle answer as Cassandra 4.1.10).
VERSION = LooseVersion(os.environ.get("DTEST_CASSANDRA_VERSION", "4.1.10"))


class CCMError(Exception):
    pass


class ArgumentError(CCMError):
    pass


class UnavailableSocketError(CCMError):
    pass


class LogPatternToVersion(object):
    def __init__(self, versions_to_patterns, default_pattern=None):
        self.versions_to_patterns = versions_to_patterns
        self.default_pattern = default_pattern

    def __call__(self, version):
        pattern = self.default_pattern
        for v, p in sorted(self.versions_to_patterns.items()):
            if version >= v:
                pattern = p
        return pattern


def is_win():
    return platform.system() == "Windows"


def platform_binary(name):
    return name


def validate_install_dir(install_dir):
    if install_dir is None or not os.path.isdir(install_dir):
        raise ArgumentError("{} is not a directory".format(install_dir))


def get_version_from_build(install_dir=None, node_path=None, cassandra=True):
    return VERSION


def get_jdk_version_int(process="java"):
    return 11


def make_cassandra_env(install_dir, node_path, update_conf=True):
    env = os.environ.copy()
    env["CASSANDRA_HOME"] = install_dir
    return env


def replaces_in_file(file, replacement_list):
    skip(OTHER, "edit of a node's file {}".format(file))
