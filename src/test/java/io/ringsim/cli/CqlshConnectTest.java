package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.cluster.SimCluster;
import io.ringsim.ring.Partitioners;
import io.ringsim.ring.Ring;
import io.ringsim.server.ServedCluster;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** `cqlsh --connect` runs ringsim's shell against a served cluster, over the native protocol. */
class CqlshConnectTest {
  @Test
  void theShellSpeaksCqlToAServedClusterWithConsistencyAndTracing() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Ring ring = ClusterBuilder.ring(List.of(new ClusterBuilder.Dc("datacenter1", 3, 1)), 8, "balanced", 4,
        Partitioners.byName("murmur3"), ClusterBuilder.defaultAllocationReplication());
    String script = String.join("\n",
        "CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};",
        "USE k;",
        "CREATE TABLE t (id int PRIMARY KEY, name text);",
        "CONSISTENCY QUORUM",
        "INSERT INTO t (id, name) VALUES (1, 'ada');",
        "TRACING ON",
        "SELECT * FROM t WHERE id = 1;",
        "TRACING OFF",
        "SELECT * FROM nope;",
        "CRASH n2",
        "EXIT", "");
    try (SimCluster sim = ClusterBuilder.start(ring, 4, ConfigFactory.load("application-test"));
        ServedCluster served = new ServedCluster(sim, InetAddress.getByName("127.0.0.1"), port, 1.0)) {
      served.start();
      InputStream oldIn = System.in;
      PrintStream oldOut = System.out;
      ByteArrayOutputStream printed = new ByteArrayOutputStream();
      int code;
      try {
        System.setIn(new ByteArrayInputStream(script.getBytes(StandardCharsets.UTF_8)));
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        code = ExitCodes.execute("cqlsh", "--connect", "127.0.0.1:" + port);
      } finally {
        System.setIn(oldIn);
        System.setOut(oldOut);
      }
      String out = printed.toString(StandardCharsets.UTF_8);
      assertThat(code).as(out).isZero();
      assertThat(out).contains("Connected to ringsim at 127.0.0.1:" + port + " (simulating Cassandra 4.1.10")
          .contains("Consistency level set to QUORUM.")
          .contains(" id | name").contains("  1 |  ada")
          .contains("Tracing session:")
          .contains("InvalidRequest: ")
          .contains("CRASH is typed in the console of 'ringsim serve'");
    }
  }
}
