package io.ringsim.server;

import io.ringsim.ring.Murmur3Partitioner;
import java.net.InetAddress;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * One client connection to a node as Cassandra 4.1's system_views.clients lists it. ringsim has no authentication and
 * no TLS, so a connection that sent STARTUP is "ready" as user "anonymous", and its ssl columns say it is plain.
 *
 * @param options the STARTUP options as sent (DRIVER_NAME, DRIVER_VERSION, ...); null before STARTUP
 * @param requests STARTUP and every request after it, the one reading the table included
 */
record ConnectedClient(InetAddress address, int port, String hostname, String stage, int protocolVersion,
    Map<String, String> options, long requests) {

  /** The node's connections as rows, in Cassandra's order: by the token of the address, then by port. */
  static VirtualTable table(List<ConnectedClient> clients) {
    SystemSchema.Table shape = SystemSchema.CASSANDRA_4_1.table("system_views", "clients").orElseThrow();
    VirtualTable.Builder b = new VirtualTable.Builder("system_views", "clients");
    for (SystemSchema.Column c : shape.columns()) b.column(c.name(), c.cqlType());
    Comparator<ConnectedClient> order = Comparator.comparing(
        (ConnectedClient c) -> Murmur3Partitioner.INSTANCE.token(c.address().getAddress()));
    for (ConnectedClient c : clients.stream().sorted(order.thenComparingInt(ConnectedClient::port)).toList()) {
      Object[] row = new Object[shape.columns().size()];
      for (int i = 0; i < row.length; i++) row[i] = c.value(shape.columns().get(i).name());
      b.row(row);
    }
    return b.build();
  }

  private Object value(String column) {
    boolean ready = options != null;
    return switch (column) {
      case "address" -> address;
      case "port" -> port;
      case "hostname" -> hostname;
      case "username" -> ready ? "anonymous" : null;
      case "connection_stage" -> stage;
      case "protocol_version" -> protocolVersion;
      // An empty map is no value in CQL.
      case "client_options" -> options == null || options.isEmpty() ? null : options;
      case "driver_name" -> ready ? options.get("DRIVER_NAME") : null;
      case "driver_version" -> ready ? options.get("DRIVER_VERSION") : null;
      case "request_count" -> requests;
      case "ssl_enabled" -> false;
      default -> null; // ssl_protocol, ssl_cipher_suite: no TLS
    };
  }
}
