package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The in-process shells read Cassandra's system keyspaces as {@code serve} answers them: a student following a
 * tutorial's {@code SELECT ... FROM system.local} or {@code system_schema.tables} gets rows, {@code USE
 * system_schema} makes its tables readable by name (not "keyspace does not exist"), and DESCRIBE KEYSPACES and
 * DESCRIBE CLUSTER print what cqlsh prints against Cassandra.
 */
class ShellSystemKeyspacesTest {
  @TempDir Path dir;

  @Test
  void systemTablesAnswerWithTheSimulatedClustersNodesAndSchema() throws IOException {
    Path f = dir.resolve("sys.cql");
    Files.writeString(f, """
        SELECT release_version, data_center FROM system.local;
        SELECT peer FROM system.peers;
        CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2};
        CREATE TABLE k.t (a int PRIMARY KEY, b text);
        SELECT table_name FROM system_schema.tables WHERE keyspace_name = 'k';
        USE system_schema;
        SELECT column_name FROM columns WHERE keyspace_name = 'k' AND table_name = 't';
        SELECT * FROM system.nosuch;
        """);
    CliRun r = CliRun.of("cql", "-f", f.toString(), "--format", "jsonl", "--nodes", "3");
    assertThat(r.exitCode()).isZero();
    List<String> out = r.out().lines().toList();
    assertThat(out.get(0)).contains("\"ok\": true").contains("\"4.1.10\"").contains("\"datacenter1\"");
    assertThat(out.get(1)).as("the two other nodes are the first node's peers")
        .contains("\"127.0.0.2\"").contains("\"127.0.0.3\"").doesNotContain("\"127.0.0.1\"");
    assertThat(out.get(4)).as("a table created in the script is in the schema tables at once")
        .endsWith("\"rows\": [[\"t\"]]}");
    assertThat(out.get(5)).contains("\"ok\": true");
    assertThat(out.get(6)).contains("[\"a\"]").contains("[\"b\"]");
    assertThat(out.get(7)).contains("\"error\": \"InvalidRequest\"").contains("table nosuch does not exist");
  }

  @Test
  void describeListsTheSystemKeyspacesAndTheClusterAsCqlshPrintsThem() throws IOException {
    Path f = dir.resolve("describe.cql");
    Files.writeString(f, """
        DESCRIBE KEYSPACES;
        CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2};
        USE k;
        DESCRIBE CLUSTER;
        """);
    CliRun r = CliRun.of("cql", "-f", f.toString(), "--nodes", "2", "--vnodes", "2");
    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("system_schema").contains("system_auth").contains("system_traces")
        .contains("\nCluster: ringsim\nPartitioner: Murmur3Partitioner\nSnitch: SimpleSnitch\n\nRange ownership:\n");
    assertThat(r.out().lines().filter(l -> l.endsWith("[/127.0.0.1:7000, /127.0.0.2:7000]")
        || l.endsWith("[/127.0.0.2:7000, /127.0.0.1:7000]")).count())
        .as("two nodes with two vnodes each: four ranges, each on both nodes at RF 2").isEqualTo(4);
  }
}
