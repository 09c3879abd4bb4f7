package io.ringsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.time.Duration;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `ringsim serve SCENARIO.sim` as a user runs it: the scenario's workload and timeline play in real time while a
 * Java driver client writes and reads, a fault is typed on standard input, QUIT ends it, and the results folder is
 * the one `run` writes, with the client's operations checked alongside the workload's.
 */
class ServeCommandTest {
  @TempDir Path tmp;

  @Test
  void servesAScenarioToARealClientAndWritesTheResultsOfRun() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Path out = tmp.resolve("results");
    PipedOutputStream typed = new PipedOutputStream();
    InputStream stdin = new PipedInputStream(typed);
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    InputStream oldIn = System.in;
    PrintStream oldOut = System.out;
    System.setIn(stdin);
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> ExitCodes.execute("serve",
          "src/test/resources/serve-short.sim", "--port", String.valueOf(port), "--speed", "2", "--out",
          out.toString()));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!printed.toString(StandardCharsets.UTF_8).contains("ready")) {
        assertThat(exit).as(printed.toString(StandardCharsets.UTF_8)).isNotDone();
        assertThat(System.nanoTime()).as("serve printed ready within 60 s").isLessThan(deadline);
        Thread.sleep(20);
      }
      String lines = printed.toString(StandardCharsets.UTF_8);
      assertThat(lines).contains("n1  127.0.0.1:" + port + "  datacenter1  rack1")
          .contains("n4  127.0.0.4:" + port);
      try (CqlSession client = CqlSession.builder().addContactPoint(new InetSocketAddress("127.0.0.1", port))
          .withLocalDatacenter("datacenter1").withConfigLoader(DriverConfigLoader.programmaticBuilder()
              .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(20)).build()).build()) {
        PreparedStatement insert = client.prepare("INSERT INTO shop.orders (id, customer, total) VALUES (?, ?, ?)");
        for (int i = 0; i < 50; i++) {
          client.execute(insert.bind(1000 + i, "client", i).setConsistencyLevel(ConsistencyLevel.QUORUM));
        }
        typed.write("SLOW n2 5ms\n".getBytes(StandardCharsets.UTF_8));
        typed.flush();
        for (int i = 0; i < 50; i++) {
          assertThat(client.execute(client.prepare("SELECT total FROM shop.orders WHERE id = ?")
              .bind(1000 + i).setConsistencyLevel(ConsistencyLevel.QUORUM)).one().getInt(0)).isEqualTo(i);
        }
        // A scan over the token ring: the checker cannot place it, so it says so instead of judging it.
        // (n4 is down by now: a page may time out, and is counted all the same.)
        try {
          client.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance("SELECT * FROM shop.orders")
              .setConsistencyLevel(ConsistencyLevel.QUORUM)).all();
        } catch (com.datastax.oss.driver.api.core.DriverException e) {
          // the attempt is what the checker counts
        }
      }
      typed.write("QUIT\n".getBytes(StandardCharsets.UTF_8));
      typed.flush();
      int code = exit.get(120, TimeUnit.SECONDS);
      String all = printed.toString(StandardCharsets.UTF_8);
      assertThat(code).as(all).isZero();
      assertThat(all).contains("Scenario serve-short").contains("n4 crashed").contains("SLOW n2 5ms (typed)")
          .contains("QUORUM write");
      for (String f : new String[] {"summary.json", "run.json", "history.jsonl", "report.html"}) {
        assertThat(out.resolve(f)).exists();
      }
      assertThat(all).contains("checked ").contains("not judged: ").contains(" range-scan");
      assertThat(all).containsPattern("checked [0-9]+ reads and [0-9]+ keys: 0 stale reads \\(0 read-your-writes\\),"
          + " 0 lost writes");
      assertThat(Files.readString(out.resolve("summary.json"))).contains("not judged: range-scan");
      // The served client's replies per level, with the driver retries recognised among them and what they count.
      assertThat(all).contains("served clients:").contains("of which driver retries")
          .contains(io.ringsim.report.ClientRetries.explanation());
      assertThat(Files.readString(out.resolve("summary.json"))).contains("\"client_retries\"")
          .contains("\"failures_retried\"");
      assertThat(Files.readString(out.resolve("report.html"))).contains("Served clients: replies and driver retries")
          .contains("of which driver retries");
      String history = Files.readString(out.resolve("history.jsonl"));
      assertThat(history).contains("\"workload\":\"orders\"").contains("\"workload\":\"clients\"");
      assertThat(history.lines().filter(l -> l.contains("\"workload\":\"clients\"")).count()).isEqualTo(100);
      // Each client's line carries its coordinator's now, as a scenario workload's does: what its TTLs count from.
      assertThat(history.lines().filter(l -> l.contains("\"workload\":\"clients\""))).allSatisfy(l ->
          assertThat(l).containsPattern("\"nowInSec\":[0-9]+\\}$"));
    } finally {
      System.setIn(oldIn);
      System.setOut(oldOut);
    }
  }
}
