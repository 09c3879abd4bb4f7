package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * One paging program through the Java driver against real Apache Cassandra 4.1 (oracle/cassandra.sh) and against
 * six served ringsim nodes: page by page, what each page holds, whether a paging state comes back, what rows
 * written or deleted between two pages (before, at and after the cursor) do to the next pages, and which paged
 * queries are refused. Not part of `./mvnw verify` (it starts a real Cassandra); run it alone:
 * {@code flock /tmp/ringsim-oracle.lock ./mvnw -B -o test -Dtest=PagingAgainstCassandraOracle}.
 */
class PagingAgainstCassandraOracle {
  @Test
  void pagingAnswersAsCassandraDoes() throws Exception {
    int cassandraPort;
    try (ServerSocket s = new ServerSocket(0)) {
      cassandraPort = s.getLocalPort();
    }
    Process cassandra = new ProcessBuilder("oracle/cassandra.sh", String.valueOf(cassandraPort))
        .redirectError(new File("target/oracle-paging-cassandra.log")).start();
    OutputStream keepAlive = cassandra.getOutputStream();
    try (ServedClusterFixture fx = new ServedClusterFixture(6, 23)) {
      String line = new BufferedReader(new InputStreamReader(cassandra.getInputStream(), StandardCharsets.UTF_8))
          .readLine();
      assertThat(line).as("oracle/cassandra.sh started (see target/oracle-paging-cassandra.log)").startsWith("ready");
      List<String> real, sim;
      try (CqlSession c = connect(cassandraPort)) {
        real = program(c);
      }
      try (CqlSession s = fx.connect(null)) {
        sim = program(s);
      }
      java.nio.file.Files.write(java.nio.file.Path.of("target/paging-oracle-cassandra.txt"), real);
      java.nio.file.Files.write(java.nio.file.Path.of("target/paging-oracle-ringsim.txt"), sim);
      List<String> differences = new ArrayList<>();
      for (int i = 0; i < Math.max(real.size(), sim.size()); i++) {
        String a = i < real.size() ? real.get(i) : "<none>";
        String b = i < sim.size() ? sim.get(i) : "<none>";
        if (!a.equals(b)) differences.add("#" + i + "\n  Cassandra: " + a + "\n  ringsim:   " + b);
      }
      System.out.println("paging differential: " + (real.size() - differences.size()) + " of " + real.size()
          + " steps agree");
      differences.forEach(System.out::println);
      assertThat(differences).isEmpty();
    } finally {
      keepAlive.close();
      if (!cassandra.waitFor(60, TimeUnit.SECONDS)) cassandra.destroyForcibly();
    }
  }

  /** The program: each step's outcome as a line. */
  private static List<String> program(CqlSession s) {
    List<String> out = new ArrayList<>();
    s.execute("CREATE KEYSPACE pgo WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    s.execute("CREATE TABLE pgo.t (k int, c int, st int static, v int, PRIMARY KEY (k, c))");
    for (int k = 0; k < 12; k++) {
      if (k % 5 == 4) s.execute("INSERT INTO pgo.t (k, st) VALUES (" + k + ", 7)"); // static row alone
      else for (int c = 0; c < 40; c += 2) s.execute("INSERT INTO pgo.t (k, c, v) VALUES (" + k + ", " + c + ", 1)");
    }
    // Pages of exactly the page size, LIMIT ending on a page: is there a state, an empty last page?
    out.add(pages(s, "SELECT c FROM pgo.t WHERE k = 0", 10));
    out.add(pages(s, "SELECT c FROM pgo.t WHERE k = 0", 20));
    out.add(pages(s, "SELECT c FROM pgo.t WHERE k = 0 LIMIT 10", 5));
    out.add(pages(s, "SELECT c FROM pgo.t WHERE k = 0 LIMIT 12", 5));
    out.add(pages(s, "SELECT k, c, st FROM pgo.t", 7));
    out.add(pages(s, "SELECT k, c FROM pgo.t WHERE k IN (3, 1, 4)", 6));
    out.add(pages(s, "SELECT k, c FROM pgo.t WHERE c IN (4, 2) ALLOW FILTERING", 5));
    out.add(pages(s, "SELECT c FROM pgo.t WHERE k = 0 ORDER BY c DESC", 6));
    out.add(pages(s, "SELECT count(*) FROM pgo.t", 5));
    out.add(pages(s, "SELECT DISTINCT k FROM pgo.t", 5));
    out.add(pages(s, "SELECT k, c FROM pgo.t PER PARTITION LIMIT 2", 5));
    // ORDER BY with IN: refused when paging? With LIMIT within a page? With one value in the IN?
    out.add(pages(s, "SELECT c FROM pgo.t WHERE k IN (0, 1) ORDER BY c DESC", 100));
    out.add(pages(s, "SELECT c FROM pgo.t WHERE k IN (0, 1) ORDER BY c DESC LIMIT 50", 100));
    out.add(pages(s, "SELECT c FROM pgo.t WHERE k IN (0, 1) ORDER BY c DESC LIMIT 500", 100));
    out.add(pages(s, "SELECT c FROM pgo.t WHERE k IN (0) ORDER BY c DESC", 100));
    out.add(pages(s, "SELECT count(*) FROM pgo.t WHERE k IN (0, 1) ORDER BY c DESC", 100));
    // Writes between pages of one partition: before the cursor, at it, after it; forward and reversed.
    for (boolean desc : new boolean[] {false, true}) {
      SimpleStatement q = SimpleStatement.newInstance("SELECT c, v FROM pgo.t WHERE k = " + (desc ? 2 : 1)
          + (desc ? " ORDER BY c DESC" : "")).setPageSize(5);
      int k = desc ? 2 : 1;
      ResultSet rs = s.execute(q);
      out.add("first page " + page(rs));
      int at = desc ? 30 : 8; // the fifth row, where the cursor stands
      int before = desc ? 33 : 3, after = desc ? 27 : 9, later = desc ? 20 : 16;
      s.execute("INSERT INTO pgo.t (k, c, v) VALUES (" + k + ", " + before + ", 2)");
      s.execute("INSERT INTO pgo.t (k, c, v) VALUES (" + k + ", " + after + ", 2)");
      s.execute("UPDATE pgo.t SET v = 3 WHERE k = " + k + " AND c = " + (desc ? 26 : 10));
      s.execute("DELETE FROM pgo.t WHERE k = " + k + " AND c = " + later);
      s.execute("DELETE FROM pgo.t WHERE k = " + k + " AND c = " + at);
      out.add("rest " + rest(s, q, rs.getExecutionInfo().getPagingState()));
    }
    // Across partitions: rows and partitions written between pages, before and after the cursor's token.
    SimpleStatement scan = SimpleStatement.newInstance("SELECT k, c FROM pgo.t").setPageSize(50);
    ResultSet rs = s.execute(scan);
    List<String> first = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      Row r = rs.one();
      first.add(r.getInt(0) + ":" + (r.isNull(1) ? "-" : r.getInt(1)));
    }
    out.add("scan first page " + first);
    for (int k = 0; k < 12; k++) s.execute("INSERT INTO pgo.t (k, c, v) VALUES (" + k + ", 1, 9)");
    for (int k = 100; k < 110; k++) s.execute("INSERT INTO pgo.t (k, c, v) VALUES (" + k + ", 0, 9)");
    s.execute("DELETE FROM pgo.t WHERE k = 5");
    out.add("scan rest " + rest(s, scan, rs.getExecutionInfo().getPagingState()));
    // Paging states that are not this statement's.
    ByteBuffer state = s.execute(SimpleStatement.newInstance("SELECT c FROM pgo.t WHERE k = 0").setPageSize(3))
        .getExecutionInfo().getPagingState();
    // Another statement's state is this one's cursor, on both.
    out.add(outcome(s, SimpleStatement.newInstance("SELECT v FROM pgo.t WHERE k = 0").setPageSize(3)
        .setPagingState(state)));
    out.add(outcome(s, SimpleStatement.newInstance("SELECT c FROM pgo.t WHERE k = 0").setPageSize(3)
        .setPagingState(ByteBuffer.wrap(new byte[] {1, 2, 3}))));
    return out;
  }

  private static String pages(CqlSession s, String cql, int pageSize) {
    StringBuilder b = new StringBuilder(cql + " @" + pageSize + ":");
    try {
      SimpleStatement q = SimpleStatement.newInstance(cql).setPageSize(pageSize);
      ByteBuffer state = null;
      for (int n = 0; n < 1000; n++) {
        ResultSet rs = s.execute(q.setPagingState(state));
        b.append(' ').append(page(rs));
        state = rs.getExecutionInfo().getPagingState();
        if (state == null) break;
      }
    } catch (RuntimeException e) {
      b.append(' ').append(e.getClass().getSimpleName()).append(": ").append(e.getMessage());
    }
    return b.toString();
  }

  /** The rows of the page the result set holds (not fetching further), and whether a state came back. */
  private static String page(ResultSet rs) {
    List<String> rows = new ArrayList<>();
    int n = rs.getAvailableWithoutFetching();
    for (int i = 0; i < n; i++) {
      Row r = rs.one();
      List<String> v = new ArrayList<>();
      for (int j = 0; j < r.getColumnDefinitions().size(); j++) v.add(String.valueOf(r.getObject(j)));
      rows.add(String.join(":", v));
    }
    return rows + (rs.getExecutionInfo().getPagingState() == null ? "." : "+");
  }

  private static String rest(CqlSession s, SimpleStatement q, ByteBuffer state) {
    StringBuilder b = new StringBuilder();
    while (state != null) {
      ResultSet rs = s.execute(q.setPagingState(state));
      b.append(page(rs));
      state = rs.getExecutionInfo().getPagingState();
    }
    return b.toString();
  }

  private static String outcome(CqlSession s, SimpleStatement q) {
    try {
      return "ok " + page(s.execute(q));
    } catch (RuntimeException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  private static CqlSession connect(int port) {
    return CqlSession.builder().addContactPoint(new InetSocketAddress("127.0.0.1", port))
        .withLocalDatacenter("datacenter1").withConfigLoader(DriverConfigLoader.programmaticBuilder()
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
            .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
            .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
            .build()).build();
  }
}
