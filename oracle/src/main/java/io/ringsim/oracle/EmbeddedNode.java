package io.ringsim.oracle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.cassandra.service.EmbeddedCassandraService;
import org.apache.cassandra.service.StorageService;

/**
 * One real Cassandra 4.1 node inside this JVM, living in a fresh temporary directory that {@link #close()} deletes.
 * Cassandra reads its configuration once, from system properties, so there can be only one node per JVM.
 */
final class EmbeddedNode implements AutoCloseable {
  private final Path home;
  private final int nativePort;
  private final boolean deleteOnClose;
  /** cassandra.yaml lines a script's {@code -- @yaml} directives add (feature switches). */
  private final List<String> extraYaml;
  private EmbeddedCassandraService service;
  private boolean closed;

  private EmbeddedNode(Path home, int nativePort, boolean deleteOnClose, List<String> extraYaml) {
    this.home = home;
    this.extraYaml = List.copyOf(extraYaml);
    this.nativePort = nativePort;
    this.deleteOnClose = deleteOnClose;
  }

  /** Starts the node; returns once {@link NativePortProbe} got an answer from its native transport. */
  static EmbeddedNode start(int nativePort) throws IOException {
    return start(nativePort, List.of());
  }

  /** As {@link #start(int)}, with {@code extraYaml} appended to the node's cassandra.yaml. */
  static EmbeddedNode start(int nativePort, List<String> extraYaml) throws IOException {
    return start(Files.createTempDirectory("ringsim-oracle-"), nativePort, true, extraYaml);
  }

  /**
   * Starts a node in {@code home}, which may hold the data and commit log of an earlier node that was killed there
   * (Cassandra then replays the commit log as it starts); {@code deleteOnClose} false leaves the directory to the
   * caller, for the next start.
   */
  static EmbeddedNode start(Path home, int nativePort, boolean deleteOnClose, List<String> extraYaml)
      throws IOException {
    EmbeddedNode node = new EmbeddedNode(home, nativePort, deleteOnClose, extraYaml);
    try {
      node.configure();
      node.service = new EmbeddedCassandraService();
      node.service.start();
      // Cassandra's own hook drains (flushes every table) on exit; for a throw-away node that is wasted time and
      // it would race with deleting the directory, so close() does the stopping instead.
      StorageService.instance.removeShutdownHook();
      NativePortProbe.awaitReady(nativePort, 60_000);
      return node;
    } catch (IOException | RuntimeException | Error e) {
      node.close();
      throw e;
    }
  }

  int nativePort() {
    return nativePort;
  }

  Path home() {
    return home;
  }

  private void configure() throws IOException {
    Path yaml = home.resolve("cassandra.yaml");
    Files.writeString(yaml, CassandraYaml.text(home, freePort(), freePort(), nativePort)
        + String.join("", extraYaml.stream().map(l -> l + "\n").toList()), StandardCharsets.UTF_8);
    // These must be set before the first Cassandra class reads DatabaseDescriptor.
    System.setProperty("cassandra.config", yaml.toUri().toString());
    System.setProperty("cassandra.storagedir", home.toString());
    System.setProperty("cassandra-foreground", "yes");
    System.setProperty("cassandra.skip_wait_for_gossip_to_settle", "0");
    // Unsafe system writes skip flushing the schema tables, which speeds up DDL but loses the schema when the
    // process is killed; a node that will be killed and restarted (deleteOnClose false) keeps its schema.
    System.setProperty("cassandra.unsafesystem", String.valueOf(deleteOnClose));
    System.setProperty("cassandra.superuser_setup_delay_ms", "0");
  }

  /** An ephemeral port that was free a moment ago (the storage ports are never used by a single node's peers). */
  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      return s.getLocalPort();
    }
  }

  /** Stops the node as far as it will stop, then deletes its directory. Safe to call twice and from a hook. */
  @Override
  public synchronized void close() {
    if (closed) return;
    closed = true;
    if (service != null) {
      try {
        StorageService.instance.stopNativeTransport();
        service.stop();
      } catch (RuntimeException e) {
        System.err.println("oracle: stopping Cassandra: " + e);
      }
    }
    if (deleteOnClose) deleteTree(home);
  }

  /** Background threads may still create a file while the tree is walked, so it tries a few times. */
  static void deleteTree(Path root) {
    for (int attempt = 0; attempt < 5 && Files.exists(root); attempt++) {
      try (Stream<Path> walk = Files.walk(root)) {
        walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      } catch (IOException | UncheckedIOException e) {
        // a file vanished under the walk; the next attempt sees the new state
      }
    }
    if (Files.exists(root)) System.err.println("oracle: could not delete " + root);
  }
}
