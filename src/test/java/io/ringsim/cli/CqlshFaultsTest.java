package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cli.shell.StatementBuffer;
import io.ringsim.cluster.ClientSession;
import io.ringsim.cluster.SimCluster;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Faults typed into cqlsh change what the next statements see, as they would in a scenario's timeline. */
class CqlshFaultsTest {
  private final CqlshCommand shell = new CqlshCommand();
  private final StatementBuffer buffer = new StatementBuffer();
  private SimCluster sim;
  private ClientSession session;

  @BeforeEach
  void start() {
    new picocli.CommandLine(shell).parseArgs("--nodes", "3", "--vnodes", "4", "--now", "2026-01-01T00:00:00Z");
    sim = shell.cluster.start();
    session = shell.cluster.session(sim);
    type("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3};");
    type("USE ks;");
    type("CREATE TABLE kv (k text PRIMARY KEY, v int);");
  }

  @AfterEach
  void stop() {
    sim.close();
  }

  private String type(String... lines) {
    StringWriter s = new StringWriter();
    PrintWriter out = new PrintWriter(s);
    for (String l : lines) shell.handleLine(l, buffer, session, sim, out);
    out.flush();
    return s.toString();
  }

  @Test
  void crashingTwoReplicasMakesQuorumUnavailableUntilTheyRestart() {
    type("CONSISTENCY QUORUM", "COORDINATOR n1");
    assertThat(type("INSERT INTO kv (k, v) VALUES ('a', 1);")).doesNotContain("Unavailable");

    // Phi-accrual (threshold 8) convicts a silent peer after 20-40 simulated seconds.
    assertThat(type("CRASH n2", "CRASH n3", "WAIT 1m")).contains("n2 crashed").contains("n3 crashed");
    assertThat(type("INSERT INTO kv (k, v) VALUES ('a', 2);"))
        .contains("Unavailable: Cannot achieve consistency level QUORUM");
    assertThat(type("NODES")).contains("DN");

    assertThat(type("RESTART n2", "RESTART n3", "WAIT 1m")).contains("n2 restarted, commit log replayed");
    assertThat(type("INSERT INTO kv (k, v) VALUES ('a', 3);", "SELECT v FROM kv WHERE k = 'a';"))
        .doesNotContain("Unavailable").contains(" 3");
  }

  @Test
  void aCoordinatorWhoseClockRunsBehindLosesItsUpdateUnderLastWriteWins() {
    // Simulated time starts at 0: let a minute pass so that a clock 10 s behind is still past the epoch.
    type("CONSISTENCY ALL", "COORDINATOR n1", "WAIT 1m");
    type("INSERT INTO kv (k, v) VALUES ('a', 1);");
    assertThat(type("SKEW n2 -10s")).contains("n2's clock now runs 10s behind.");
    type("COORDINATOR n2");
    assertThat(type("INSERT INTO kv (k, v) VALUES ('a', 2);")).doesNotContain("Timeout").doesNotContain("Unavailable");
    // The later write carries an older timestamp: the earlier value still wins.
    assertThat(type("SELECT v FROM kv WHERE k = 'a';")).contains(" 1").doesNotContain(" 2\n");
  }

  @Test
  void badFaultCommandsSayWhatIsWrongAndChangeNothing() {
    assertThat(type("CRASH n9")).contains("Improper CRASH command: no node named 'n9' (nodes: n1, n2, n3)");
    assertThat(type("SLOW n1 fast")).contains("Improper SLOW command: 'fast' is not a duration");
    assertThat(type("PARTITION {n1} {n1 n2}")).contains("Improper PARTITION command: n1 is on both sides");
    assertThat(type("LOSS 150%")).contains("Improper LOSS command: at most 100%");
    type("CRASH n3");
    assertThat(type("CRASH n3")).contains("Improper CRASH command: node n3 is already down");
    assertThat(sim.isCrashed("n1")).isFalse();
  }

  @Test
  void aPartitionCutsQuorumFromTheMinoritySideAndHealRestoresIt() {
    type("CONSISTENCY QUORUM", "COORDINATOR n1");
    assertThat(type("PARTITION {n1} {n2 n3}", "WAIT 1m")).contains("Links between [n1] and [n2, n3] are cut.");
    assertThat(type("INSERT INTO kv (k, v) VALUES ('b', 1);")).contains("Unavailable");
    type("HEAL", "WAIT 1m");
    assertThat(type("INSERT INTO kv (k, v) VALUES ('b', 2);")).doesNotContain("Unavailable").doesNotContain("Timeout");
  }

  @Test
  void aRowInsertedIfNotExistsCarriesTheCoordinatorsClockAsItsWritetime() {
    type("WAIT 1m");
    assertThat(type("INSERT INTO kv (k, v) VALUES ('lwt', 1) IF NOT EXISTS;")).contains("true");
    String out = type("SELECT writetime(v) FROM kv WHERE k = 'lwt';");
    long writetime = Long.parseLong(out.replaceAll("(?s).*-\\s+(\\d+)\\s.*", "$1"));
    // The clocks started at --now; a little past 60 s later comes the Paxos ballot's time, in microseconds.
    long start = java.time.Instant.parse("2026-01-01T00:00:00Z").toEpochMilli() * 1000;
    assertThat(writetime - start).isBetween(60_000_000L, 61_000_000L);
    // A plain write made later wins over it, as its later timestamp says it should.
    type("INSERT INTO kv (k, v) VALUES ('lwt', 2);");
    assertThat(type("SELECT v FROM kv WHERE k = 'lwt';")).contains(" 2");
  }
}
