package io.ringsim.server;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.cluster.SimCluster;
import io.ringsim.ring.Partitioners;
import io.ringsim.ring.Ring;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;

/** A simulated cluster served on loopback for a test class, and Java driver sessions against it. */
final class ServedClusterFixture implements AutoCloseable {
  final SimCluster sim;
  final ServedCluster served;
  final int port;

  ServedClusterFixture(int nodes, long seed) throws Exception {
    this(nodes, seed, 1.0);
  }

  /** {@code speed}: simulated seconds per wall-clock second, as `serve --speed`. */
  ServedClusterFixture(int nodes, long seed, double speed) throws Exception {
    this(nodes, seed, speed, ConfigFactory.load("application-test"));
  }

  /** {@code config}: the cluster's settings (a test's feature switches over application-test's). */
  ServedClusterFixture(int nodes, long seed, double speed, com.typesafe.config.Config config) throws Exception {
    this(nodes, seed, speed, config, 16);
  }

  /** {@code vnodes}: tokens per node (the oracle's one node has a single token). */
  ServedClusterFixture(int nodes, long seed, double speed, com.typesafe.config.Config config, int vnodes)
      throws Exception {
    Ring ring = ClusterBuilder.ring(List.of(new ClusterBuilder.Dc("datacenter1", nodes, 1)), vnodes, "balanced", seed,
        Partitioners.byName("murmur3"), ClusterBuilder.defaultAllocationReplication());
    sim = ClusterBuilder.start(ring, seed, config);
    port = freePort(nodes);
    served = new ServedCluster(sim, InetAddress.getByName("127.0.0.1"), port, speed);
    served.start();
  }

  /** A port free on every address the nodes will take (127.0.0.1 .. 127.0.0.n). */
  private static int freePort(int nodes) throws Exception {
    for (int attempt = 0; attempt < 50; attempt++) {
      int candidate;
      try (ServerSocket s = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
        candidate = s.getLocalPort();
      }
      boolean free = true;
      for (int i = 1; i < nodes && free; i++) {
        try (ServerSocket s = new ServerSocket(candidate, 50, ServedCluster.offset(new byte[] {127, 0, 0, 1}, i))) {
          free = true;
        } catch (java.io.IOException e) {
          free = false;
        }
      }
      if (free) return candidate;
    }
    throw new IllegalStateException("no port free on every loopback address");
  }

  CqlSession connect(String protocolVersion) {
    return connect(protocolVersion, UnaryOperator.identity());
  }

  /** A session whose configuration {@code more} may add to (options of a particular test). */
  CqlSession connect(String protocolVersion, UnaryOperator<ProgrammaticDriverConfigLoaderBuilder> more) {
    var config = DriverConfigLoader.programmaticBuilder()
        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
        .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(30))
        .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofSeconds(30))
        .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
        .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
        .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(200))
        .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(1));
    if (protocolVersion != null) config = config.withString(DefaultDriverOption.PROTOCOL_VERSION, protocolVersion);
    return CqlSession.builder()
        .addContactPoint(new InetSocketAddress("127.0.0.1", port))
        .withLocalDatacenter("datacenter1")
        .withConfigLoader(more.apply(config).build())
        .build();
  }

  /** Waits for a condition with a generous bound (a busy CI machine is slow, never wrong). */
  static void await(String what, Duration bound, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + bound.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) throw new AssertionError("timed out waiting for " + what);
      Thread.sleep(50);
    }
  }

  /** The driver's view of ringsim node {@code name}: its metadata's node at that node's address, if it has one. */
  Optional<Node> driverNode(CqlSession session, String name) {
    String address = served.addresses().get(name).getHostAddress();
    return session.getMetadata().getNodes().values().stream().filter(n -> address.equals(
        ((InetSocketAddress) n.getEndPoint().resolve()).getAddress().getHostAddress())).findFirst();
  }

  /** Waits (a generous 60 s) until {@code session}'s driver sees ringsim node {@code name} in {@code state}. */
  void awaitDriverSees(CqlSession session, String name, NodeState state) throws InterruptedException {
    await("the driver to see " + name + " " + state, Duration.ofSeconds(60),
        () -> driverNode(session, name).map(n -> n.getState() == state).orElse(false));
  }

  /** Crashes {@code victim} and waits until {@code session}'s driver has marked it down. */
  void crashAndAwaitDown(CqlSession session, String victim) throws InterruptedException {
    served.crash(victim);
    awaitDriverSees(session, victim, NodeState.DOWN);
  }

  @Override
  public void close() {
    served.close();
    sim.close();
  }
}
