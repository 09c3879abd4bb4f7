package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The Node.js driver (npm cassandra-driver 4.x, installed by .ci/run into src/test/node) against six served nodes:
 * connect, prepared insert and select (src/test/node/driver_check.js). Skipped where it is not installed, except
 * under CI=true.
 */
class NodeDriverTest {
  private static void assumeInstalled() {
    boolean installed = new File("src/test/node/node_modules/cassandra-driver").isDirectory()
        && new File("/usr/bin/node").canExecute();
    if (!installed && "true".equals(System.getenv("CI")))
      throw new AssertionError("the npm cassandra-driver is not installed in src/test/node (.ci/run installs it)");
    Assumptions.assumeTrue(installed, "npm cassandra-driver not installed in src/test/node");
  }

  /**
   * A conditional INSERT, UPDATE, DELETE or batch sent with a serial consistency such as ONE is refused with
   * Cassandra's InvalidRequest (the Node.js driver's own integration test relies on it to tell which serial level
   * was used); a plain write and a read ignore the serial level. Expected lines: what Cassandra 4.1.10 answered to
   * the same script (oracle/cassandra.sh, one node, same driver).
   */
  @Test
  void aConditionalStatementWithANonSerialSerialConsistencyIsRefusedAsCassandraRefusesIt() throws Exception {
    assumeInstalled();
    List<String> expected = Files.readAllLines(Path.of("src/test/resources/node/serial-consistency.expected.jsonl"));
    try (ServedClusterFixture fx = new ServedClusterFixture(3, 5)) {
      Process p = new ProcessBuilder("/usr/bin/node", "serial_consistency_check.js", String.valueOf(fx.port),
          "datacenter1").directory(new File("src/test/node")).redirectErrorStream(true).start();
      boolean ended = p.waitFor(3, TimeUnit.MINUTES);
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!ended) p.destroyForcibly();
      assertThat(ended).as("the Node.js run ended").isTrue();
      assertThat(out.lines().toList()).containsExactlyElementsOf(expected);
    }
  }

  /**
   * A Java UDF that throws: the FUNCTION_FAILURE names the UDF's keyspace, name and argument types (the driver shows
   * them on the error), with the message Cassandra gives. Expected lines: Cassandra 4.1.10's answers (UDFs enabled).
   */
  @Test
  void aThrowingUserFunctionIsNamedInTheFunctionFailureAsCassandraNamesIt() throws Exception {
    assumeInstalled();
    List<String> expected = Files.readAllLines(Path.of("src/test/resources/node/function-failure.expected.jsonl"));
    com.typesafe.config.Config udfs = com.typesafe.config.ConfigFactory
        .parseString("ringsim.cql.user_defined_functions_enabled = true")
        .withFallback(com.typesafe.config.ConfigFactory.load("application-test"));
    try (ServedClusterFixture fx = new ServedClusterFixture(3, 5, 1.0, udfs)) {
      assertThat(run(fx, "function_failure_check.js").lines().toList()).containsExactlyElementsOf(expected);
    }
  }

  /**
   * Tuples bound or written with fewer components than declared are kept and returned as sent (the driver reads the
   * missing ones as undefined), compare equal to the same tuple with trailing nulls, and fail SELECT JSON / toJson
   * with Cassandra's server error; found by the Node.js driver's suite ("tuples with fewer items than declared").
   */
  @Test
  void shortTuplesAreKeptAsSentAsCassandraKeepsThem() throws Exception {
    suiteLeftover("tuples");
  }

  /** A clustering column typed 'ReversedType(CompositeType(...))' is described and ordered as DESC. */
  @Test
  void aReversedTypeClusteringColumnIsDescending() throws Exception {
    suiteLeftover("reversed");
  }

  /**
   * system_views.clients lists the node's connections with the driver's name and version from STARTUP; its
   * request_count grows by one per request.
   */
  @Test
  void systemViewsClientsListsTheConnectionsOfTheNodeAsked() throws Exception {
    suiteLeftover("clients");
  }

  /**
   * 32,778 requests at once on one connection (readTimeout 0): all are answered, as Cassandra pauses reading a
   * connection past its limit rather than answer OVERLOADED.
   */
  @Test
  void moreRequestsThanStreamIdsOnOneConnectionAreAllAnswered() throws Exception {
    suiteLeftover("streams");
  }

  /**
   * One part of src/test/node/suite_leftovers_check.js against three served nodes; expected lines: Cassandra 4.1.10's
   * answers to the same part (oracle/cassandra.sh, one node).
   */
  private static void suiteLeftover(String part) throws Exception {
    assumeInstalled();
    List<String> expected = Files.readAllLines(
        Path.of("src/test/resources/node/suite-leftovers-" + part + ".expected.jsonl"));
    try (ServedClusterFixture fx = new ServedClusterFixture(3, 5)) {
      assertThat(run(fx, "suite_leftovers_check.js", part).lines().toList()).containsExactlyElementsOf(expected);
    }
  }

  private static String run(ServedClusterFixture fx, String script, String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("/usr/bin/node", script, String.valueOf(fx.port),
        "datacenter1"));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command)
        .directory(new File("src/test/node")).redirectErrorStream(true).start();
    boolean ended = p.waitFor(3, TimeUnit.MINUTES);
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!ended) p.destroyForcibly();
    assertThat(ended).as("the Node.js run ended").isTrue();
    return out;
  }

  @Test
  void theNodeDriverConnectsAndRunsPreparedStatements() throws Exception {
    assumeInstalled();
    try (ServedClusterFixture fx = new ServedClusterFixture(6, 5)) {
      Process p = new ProcessBuilder("/usr/bin/node", "driver_check.js", String.valueOf(fx.port))
          .directory(new File("src/test/node")).redirectErrorStream(true).start();
      boolean ended = p.waitFor(3, TimeUnit.MINUTES);
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!ended) p.destroyForcibly();
      assertThat(ended).as("the Node.js run ended").isTrue();
      assertThat(out).contains("hosts 127.0.0.1 127.0.0.2 127.0.0.3 127.0.0.4 127.0.0.5 127.0.0.6");
      assertThat(out).doesNotContain("DIFF").doesNotContain("ERROR");
      assertThat(p.exitValue()).as(out).isZero();
    }
  }
}
