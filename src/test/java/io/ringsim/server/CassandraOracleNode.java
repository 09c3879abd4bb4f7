package io.ringsim.server;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * One real Apache Cassandra 4.1 node (oracle/cassandra.sh, embedded; oracle/README.md) for a test to compare
 * ringsim against, and Java driver sessions to it. The node lives until close(): it runs until its standard input
 * ends, so it also dies with this JVM. Its log goes to target/oracle-cassandra.log.
 */
final class CassandraOracleNode implements AutoCloseable {
  private final Process process;
  private final OutputStream keepAlive;
  final int port;

  CassandraOracleNode() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    process = new ProcessBuilder("oracle/cassandra.sh", String.valueOf(port))
        .redirectError(new File("target/oracle-cassandra.log")).start();
    keepAlive = process.getOutputStream();
  }

  /** Blocks until the node answers CQL (the script's "ready" line), or fails if it died first. */
  void awaitReady() throws IOException {
    BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String line = out.readLine();
    if (line == null || !line.startsWith("ready")) {
      throw new IllegalStateException("oracle/cassandra.sh did not start (see target/oracle-cassandra.log): " + line);
    }
  }

  /** A driver session; {@code protocolVersion} (e.g. "V5") pins the version, null lets the driver negotiate. */
  CqlSession connect(String protocolVersion) {
    return connect(protocolVersion, UnaryOperator.identity());
  }

  /** A session whose configuration {@code more} may add to (options of a particular test). */
  CqlSession connect(String protocolVersion, UnaryOperator<ProgrammaticDriverConfigLoaderBuilder> more) {
    var config = DriverConfigLoader.programmaticBuilder()
        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
        .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
        .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30));
    if (protocolVersion != null) config = config.withString(DefaultDriverOption.PROTOCOL_VERSION, protocolVersion);
    return CqlSession.builder().addContactPoint(new InetSocketAddress("127.0.0.1", port))
        .withLocalDatacenter("datacenter1").withConfigLoader(more.apply(config).build()).build();
  }

  @Override
  public void close() throws Exception {
    keepAlive.close();
    if (!process.waitFor(60, TimeUnit.SECONDS)) process.destroyForcibly();
  }
}
