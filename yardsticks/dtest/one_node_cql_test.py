"""cassandra-dtest's upgrade_tests/cql_tests.py run once on one node.

Its TestCQL tests are written as upgrade tests: prepare() starts an old-version cluster and do_upgrade() yields a
session on the upgraded node and then one on the old node. Here there is no upgrade: one path whose both ends are
4.1.10, so that the tests' version checks take their 4.x branches, and do_upgrade() does what the suite's does minus
the drain, stop and restart of node1: it closes the session, opens one on node1 (the running server) in keyspace ks,
and yields it once, marked upgraded (the server runs the newest version). Everything else is the suite's.
"""
from upgrade_tests import cql_tests
from upgrade_tests.upgrade_manifest import UpgradePath, current_4_1_x
from ccmlib.common import VERSION

_META = current_4_1_x._replace(name='one_node_4_1', version=VERSION.vstring)
ONE_NODE = UpgradePath(name='OneNode', starting_version=VERSION.vstring, upgrade_version=VERSION.vstring,
                       starting_meta=_META, upgrade_meta=_META)


class TestCQLOneNode(cql_tests.TestCQL):
    __test__ = True
    NODES, RF, CL, UPGRADE_PATH = 1, 1, None, ONE_NODE

    def do_upgrade(self, session, use_thrift=False, return_nodes=False, **kwargs):
        session.cluster.shutdown()
        node1 = self.cluster.nodelist()[0]
        if self.CL:
            kwargs['consistency_level'] = self.CL
        session = self.patient_exclusive_cql_connection(node1, protocol_version=self.protocol_version, **kwargs)
        session.set_keyspace('ks')
        yield (True, session, node1) if return_nodes else (True, session)
