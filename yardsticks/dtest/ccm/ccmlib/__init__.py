"""A stand-in for ccm (riptano/ccm), the only part of Apache cassandra-dtest that is replaced.

dtest asks ccm to create, start and stop local clusters. Here a test's cluster is the one server that is already
running (ringsim `serve --nodes 1`, or one Cassandra 4.1.10 node): DTEST_ADDRESS and DTEST_PORT say where. Whatever
one running server cannot give ends the test as skipped, with a reason whose first words name its category (see
skips.py), so that run.sh and compare.py can count them.
"""
