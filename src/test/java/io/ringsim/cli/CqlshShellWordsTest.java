package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.cli.shell.FaultCommands;
import io.ringsim.cli.shell.ShellCompleter;
import io.ringsim.cli.shell.StatementBuffer;
import io.ringsim.cluster.ClientSession;
import io.ringsim.cluster.SimCluster;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The shell's own words as a cqlsh user types them: without ';', with a wrong argument, with TAB. */
class CqlshShellWordsTest {
  private final CqlshCommand shell = new CqlshCommand();
  private final StatementBuffer buffer = new StatementBuffer();
  private SimCluster sim;
  private ClientSession session;

  @BeforeEach
  void start() {
    new picocli.CommandLine(shell).parseArgs("--nodes", "2", "--vnodes", "4");
    sim = shell.cluster.start();
    session = shell.cluster.session(sim);
    type("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2};",
        "CREATE TABLE ks.kv (k text PRIMARY KEY, v int);");
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
  void describeWorksWithoutASemicolonAsInCqlsh() {
    assertThat(type("DESCRIBE KEYSPACES")).contains("ks");
    assertThat(buffer.isIncomplete()).isFalse();
    assertThat(type("DESCRIBE TABLE ks.kv")).contains("CREATE TABLE ks.kv");
  }

  @Test
  void tracingAndExpandRefuseAnythingButOnAndOff() {
    type("TRACING ON");
    assertThat(type("TRACING MAYBE")).contains("Improper TRACING command");
    assertThat(session.tracing()).as("a bad argument leaves tracing as it was").isTrue();
    assertThat(type("EXPAND SOMETIMES")).contains("Improper EXPAND command");
    assertThat(type("TRACING OFF;")).contains("Disabled Tracing");
  }

  @Test
  void waitIsBoundedAndStopsWhenCancelled() {
    assertThat(type("WAIT 2h")).contains("Improper WAIT command: at most 1h at a time");
    assertThat(type("WAIT 99999999999999999999h")).contains("Improper WAIT command:").contains("longest duration");
    assertThat(type("SKEW n2 -99999999999999999999s")).contains("Improper SKEW command:");
    long before = sim.nowNanos();
    StringWriter s = new StringWriter();
    int[] looks = {0};
    // Cancelled (as by Ctrl-C) after three simulated seconds of a one-hour WAIT.
    FaultCommands.handle("WAIT 1h", sim, new PrintWriter(s, true), () -> ++looks[0] > 3);
    assertThat(s.toString()).contains("WAIT stopped (Ctrl-C) after 3s of simulated time.");
    assertThat(sim.nowNanos() - before).isEqualTo(3_000_000_000L);
  }

  @Test
  void completionFollowsTheContext() {
    List<String> keywords = List.of("SELECT", "FROM", "CONSISTENCY");
    assertThat(ShellCompleter.candidates("CONSISTENCY ", sim.catalog(), sim.nodeNames(), keywords))
        .contains("QUORUM", "LOCAL_ONE").doesNotContain("SELECT", "kv");
    assertThat(ShellCompleter.candidates("consistency QU", sim.catalog(), sim.nodeNames(), keywords))
        .contains("QUORUM");
    assertThat(ShellCompleter.candidates("SELECT * FROM ", sim.catalog(), sim.nodeNames(), keywords))
        .contains("kv", "ks.kv").doesNotContain("SELECT", "QUORUM");
    assertThat(ShellCompleter.candidates("CRASH ", sim.catalog(), sim.nodeNames(), keywords))
        .containsExactly("n1", "n2");
    assertThat(ShellCompleter.candidates("SEL", sim.catalog(), sim.nodeNames(), keywords)).contains("SELECT");
  }
}
