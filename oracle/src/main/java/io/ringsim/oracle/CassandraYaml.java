package io.ringsim.oracle;

import java.nio.file.Path;

/**
 * The cassandra.yaml of a throw-away single node (settings from shared/notes/cassandra-oracle.md): one token at 0
 * so token order is Murmur3 order, everything on 127.0.0.1, all directories inside one temporary directory, and
 * caches, snapshots and extra threads turned off because the node lives for one benchmark or one script.
 */
final class CassandraYaml {
  private CassandraYaml() {}

  static String text(Path home, int storagePort, int sslStoragePort, int nativePort) {
    return String.join("\n",
        "cluster_name: ringsim-oracle",
        "num_tokens: 1",
        "initial_token: 0",
        "partitioner: org.apache.cassandra.dht.Murmur3Partitioner",
        "endpoint_snitch: SimpleSnitch",
        "listen_address: 127.0.0.1",
        "rpc_address: 127.0.0.1",
        "storage_port: " + storagePort,
        "ssl_storage_port: " + sslStoragePort,
        // Counters are only coordinated once the native transport is up, so it stays on even for Answer.
        "start_native_transport: true",
        "native_transport_port: " + nativePort,
        "seed_provider:",
        "  - class_name: org.apache.cassandra.locator.SimpleSeedProvider",
        "    parameters:",
        "      - seeds: \"127.0.0.1:" + storagePort + "\"",
        "data_file_directories:",
        "  - " + home.resolve("data"),
        "commitlog_directory: " + home.resolve("commitlog"),
        "saved_caches_directory: " + home.resolve("saved_caches"),
        "hints_directory: " + home.resolve("hints"),
        "cdc_raw_directory: " + home.resolve("cdc_raw"),
        // RINGSIM_ORACLE_COMMITLOG=batch: every write waits for its fsync (CostProbe measures what that costs).
        "batch".equals(System.getenv("RINGSIM_ORACLE_COMMITLOG")) ? "commitlog_sync: batch"
            : "commitlog_sync: periodic\ncommitlog_sync_period: 10000ms",
        "auto_snapshot: false",
        "dynamic_snitch: false",
        "key_cache_size: 0MiB",
        "counter_cache_size: 0MiB",
        "concurrent_compactors: 1",
        "memtable_flush_writers: 1",
        "");
  }
}
