package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.request.Options;
import com.datastax.oss.protocol.internal.request.Startup;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * system_views.clients lists the connections of the node that is asked, and only those: a client connected to one
 * node is not listed by another, one that has not sent STARTUP yet is "established" with no user or driver, and a
 * closed one is gone. (What each column holds for a driver's connection is checked against Cassandra 4.1 in
 * NodeDriverTest.)
 */
class ClientsTableTest {
  private static List<Row> clientsOf(CqlSession s, ServedClusterFixture fx, String node) {
    return s.execute(SimpleStatement.newInstance("SELECT * FROM system_views.clients")
        .setNode(fx.driverNode(s, node).orElseThrow())).all();
  }

  private static Row byPort(List<Row> rows, int port) {
    return rows.stream().filter(r -> r.getInt("port") == port).findFirst().orElse(null);
  }

  @Test
  void eachNodeListsItsOwnConnections() throws Exception {
    try (ServedClusterFixture fx = new ServedClusterFixture(3, 21); CqlSession s = fx.connect(null)) {
      Socket ready = new Socket();
      ready.connect(new InetSocketAddress(fx.served.addresses().get("n2"), fx.port), 30_000);
      ready.getOutputStream().write(ConnectionLoadTest.frame(0, new Startup(Map.of("CQL_VERSION", "3.0.0",
          "DRIVER_NAME", "raw socket", "DRIVER_VERSION", "0.1"))));
      assertThat(ConnectionLoadTest.readFrame(ready.getInputStream())[1]).isEqualTo(ProtocolConstants.Opcode.READY);
      Socket fresh = new Socket();
      fresh.connect(new InetSocketAddress(fx.served.addresses().get("n2"), fx.port), 30_000);
      fresh.getOutputStream().write(ConnectionLoadTest.frame(0, Options.INSTANCE));
      assertThat(ConnectionLoadTest.readFrame(fresh.getInputStream())[1])
          .isEqualTo(ProtocolConstants.Opcode.SUPPORTED);

      List<Row> n2 = clientsOf(s, fx, "n2");
      Row r = byPort(n2, ready.getLocalPort());
      assertThat(r).as("the STARTUP-ed socket on n2").isNotNull();
      assertThat(r.getInetAddress("address")).isEqualTo(ready.getLocalAddress());
      assertThat(r.getString("connection_stage")).isEqualTo("ready");
      assertThat(r.getString("username")).isEqualTo("anonymous");
      assertThat(r.getString("driver_name")).isEqualTo("raw socket");
      assertThat(r.getString("driver_version")).isEqualTo("0.1");
      assertThat(r.getMap("client_options", String.class, String.class)).containsEntry("CQL_VERSION", "3.0.0");
      assertThat(r.getInt("protocol_version")).isEqualTo(4);
      assertThat(r.getLong("request_count")).as("STARTUP").isEqualTo(1);
      assertThat(r.getBoolean("ssl_enabled")).isFalse();
      Row f = byPort(n2, fresh.getLocalPort());
      assertThat(f).as("the socket that only sent OPTIONS").isNotNull();
      assertThat(f.getString("connection_stage")).isEqualTo("established");
      assertThat(f.isNull("username")).isTrue();
      assertThat(f.isNull("driver_name")).isTrue();
      assertThat(f.getLong("request_count")).isZero();
      // The driver's own connection to n2 is listed there too, with its name from STARTUP.
      assertThat(n2.stream().map(x -> x.getString("driver_name")))
          .anyMatch(n -> n != null && n.contains("Java Driver"));

      List<Row> n1 = clientsOf(s, fx, "n1");
      assertThat(byPort(n1, ready.getLocalPort())).as("n2's client on n1").isNull();
      assertThat(byPort(n1, fresh.getLocalPort())).isNull();

      ready.close();
      fresh.close();
      ServedClusterFixture.await("the closed sockets leave n2's list", java.time.Duration.ofSeconds(30),
          () -> {
            List<Row> now = clientsOf(s, fx, "n2");
            return byPort(now, ready.getLocalPort()) == null && byPort(now, fresh.getLocalPort()) == null;
          });
    }
  }
}
