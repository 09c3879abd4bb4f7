package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.TraceEvent;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.ProtocolError;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Paging through the Java driver against six served nodes: every row once and in order, whatever the query's shape
 * (one partition, IN, range scans, ORDER BY DESC, LIMIT, filtering), and a page that reads about a page on the
 * replicas, not the whole result again.
 */
class PagingTest extends ServedClusterTest {
  PagingTest() {
    super(6, 11, "CREATE KEYSPACE pg WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}",
        "CREATE TABLE pg.wide (k int, c int, v text, PRIMARY KEY (k, c))",
        "CREATE TABLE pg.many (k int, c int, s int static, v int, PRIMARY KEY (k, c))");
  }

  /** The rows paged through: 10,000 in one partition (pg.wide), 60 partitions (pg.many), and pg.ix by its index. */
  @BeforeAll
  void load() throws Exception {
    List<CompletionStage<?>> inFlight = new ArrayList<>();
    for (int c = 0; c < 10_000; c++) {
      inFlight.add(session.executeAsync(SimpleStatement.newInstance("INSERT INTO pg.wide (k, c, v) VALUES (1, " + c
          + ", 'x')").setConsistencyLevel(ConsistencyLevel.ALL)));
      if (inFlight.size() == 128) drain(inFlight);
    }
    for (int k = 0; k < 60; k++) {
      for (int c = 0; c < (k % 7 == 0 ? 0 : 25); c++) {
        inFlight.add(session.executeAsync(SimpleStatement.newInstance("INSERT INTO pg.many (k, c, v) VALUES (" + k
            + ", " + c + ", " + (k * 100 + c) + ")").setConsistencyLevel(ConsistencyLevel.ALL)));
        if (inFlight.size() == 128) drain(inFlight);
      }
      if (k % 7 == 0) { // a partition with its static row alone: one result row, as Cassandra gives it
        inFlight.add(session.executeAsync(SimpleStatement.newInstance("INSERT INTO pg.many (k, s) VALUES (" + k
            + ", 1)").setConsistencyLevel(ConsistencyLevel.ALL)));
      }
    }
    drain(inFlight);
    session.execute("CREATE TABLE pg.ix (k int, c int, g int, PRIMARY KEY (k, c))");
    session.execute("CREATE INDEX ON pg.ix (g)");
    for (int k = 0; k < 30; k++) {
      for (int c = 0; c < 10; c++) {
        inFlight.add(session.executeAsync(SimpleStatement.newInstance("INSERT INTO pg.ix (k, c, g) VALUES (" + k
            + ", " + c + ", " + (c % 3) + ")").setConsistencyLevel(ConsistencyLevel.ALL)));
      }
    }
    drain(inFlight);
  }

  private static void drain(List<CompletionStage<?>> inFlight) throws Exception {
    for (CompletionStage<?> f : inFlight) f.toCompletableFuture().get();
    inFlight.clear();
  }

  private SimpleStatement stmt(String cql, int pageSize, ConsistencyLevel cl) {
    return SimpleStatement.newInstance(cql).setPageSize(pageSize).setConsistencyLevel(cl);
  }

  /** Every row of a query, page after page, as the driver's iteration fetches them; {@code pages} counts them. */
  private List<String> all(SimpleStatement s, int[] pages) {
    ResultSet rs = session.execute(s);
    List<String> out = new ArrayList<>();
    pages[0] = 1;
    for (Row r : rs) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < r.getColumnDefinitions().size(); i++) b.append(i == 0 ? "" : ",").append(r.getObject(i));
      out.add(b.toString());
      if (rs.getAvailableWithoutFetching() == 0 && !rs.isFullyFetched()) pages[0]++;
    }
    return out;
  }

  @Test
  void aTenThousandRowPartitionAtPageSize100GivesEveryRowOnceInOrder() {
    int[] pages = new int[1];
    List<String> rows = all(stmt("SELECT c FROM pg.wide WHERE k = 1", 100, ConsistencyLevel.ONE), pages);
    assertThat(rows).hasSize(10_000);
    for (int c = 0; c < 10_000; c++) assertThat(rows.get(c)).isEqualTo(String.valueOf(c));
    // 100 full pages, then the empty one Cassandra also answers after a full last page (it cannot know it was last).
    assertThat(pages[0]).isEqualTo(101);
  }

  @Test
  void aLatePageReadsAboutAPageOnTheReplicasNotThePartition() {
    // Walk to page 80 by hand, then trace it: the replica's own account of what it read.
    SimpleStatement s = stmt("SELECT c FROM pg.wide WHERE k = 1", 100, ConsistencyLevel.ONE);
    ByteBuffer state = null;
    for (int page = 0; page < 79; page++) {
      ResultSet rs = session.execute(s.setPagingState(state));
      state = rs.getExecutionInfo().getPagingState();
    }
    ResultSet rs = session.execute(s.setPagingState(state).setTracing(true));
    List<Integer> firstRows = new ArrayList<>();
    for (int i = 0; i < 100; i++) firstRows.add(rs.one().getInt(0));
    assertThat(firstRows.get(0)).isEqualTo(7900);
    long maxRows = 0;
    Pattern liveRows = Pattern.compile("(\\d+) live rows");
    for (TraceEvent e : rs.getExecutionInfo().getQueryTrace().getEvents()) {
      Matcher m = liveRows.matcher(e.getActivity());
      if (m.find()) maxRows = Math.max(maxRows, Long.parseLong(m.group(1)));
    }
    // Re-running the statement for every page, the replica read all 10,000 rows for each page.
    assertThat(maxRows).isPositive().isLessThanOrEqualTo(101);
  }

  @Test
  void orderByDescPagesBackwards() {
    int[] pages = new int[1];
    List<String> rows = all(stmt("SELECT c FROM pg.wide WHERE k = 1 AND c < 5000 ORDER BY c DESC", 333,
        ConsistencyLevel.ALL), pages);
    assertThat(rows).hasSize(5000);
    for (int i = 0; i < 5000; i++) assertThat(rows.get(i)).isEqualTo(String.valueOf(4999 - i));
    assertThat(pages[0]).isEqualTo(16);
  }

  @Test
  void limitCountsAcrossPages() {
    int[] pages = new int[1];
    List<String> rows = all(stmt("SELECT c FROM pg.wide WHERE k = 1 AND c >= 100 LIMIT 250", 100,
        ConsistencyLevel.QUORUM), pages);
    assertThat(rows).hasSize(250);
    assertThat(rows.get(0)).isEqualTo("100");
    assertThat(rows.get(249)).isEqualTo("349");
    assertThat(pages[0]).isEqualTo(3);
    assertThat(all(stmt("SELECT c FROM pg.wide WHERE k = 1 LIMIT 200", 100, ConsistencyLevel.ONE), pages))
        .hasSize(200);
    assertThat(pages[0]).as("no empty page after a LIMIT that ends on a page").isEqualTo(2);
  }

  @Test
  void rangeScansAndInPageAcrossPartitionsAsTheUnpagedQueryAnswers() {
    int[] pages = new int[1];
    for (String q : List.of("SELECT k, c, s, v FROM pg.many", "SELECT k, c, v FROM pg.many WHERE token(k) > 0",
        "SELECT k, c, v FROM pg.many WHERE k IN (5, 3, 14, 40, 41) AND c > 20",
        "SELECT k, c, v FROM pg.many WHERE v > 2000 AND v < 2020 ALLOW FILTERING",
        "SELECT k, c, v FROM pg.many WHERE c IN (3, 1, 24) ALLOW FILTERING",
        "SELECT JSON k, c FROM pg.many WHERE k IN (1, 2)", "SELECT k, c FROM pg.ix WHERE g = 1")) {
      List<String> whole = all(stmt(q, 100_000, ConsistencyLevel.ALL), pages);
      assertThat(pages[0]).isEqualTo(1);
      for (int size : new int[] {1, 7, 24, 25, 26}) {
        for (ConsistencyLevel cl : List.of(ConsistencyLevel.ONE, ConsistencyLevel.ALL)) {
          assertThat(all(stmt(q, size, cl), pages)).as(q + " at page size " + size + ", " + cl)
              .containsExactlyElementsOf(whole);
        }
      }
    }
  }

  @Test
  void queriesThatRunWholeStillPageCorrectly() {
    int[] pages = new int[1];
    assertThat(all(stmt("SELECT count(*) FROM pg.wide WHERE k = 1", 100, ConsistencyLevel.ONE), pages))
        .containsExactly("10000");
    for (String q : List.of("SELECT DISTINCT k FROM pg.many", "SELECT k, c FROM pg.many PER PARTITION LIMIT 2",
        "SELECT k, count(*) FROM pg.many GROUP BY k")) {
      List<String> whole = all(stmt(q, 100_000, ConsistencyLevel.ONE), pages);
      assertThat(all(stmt(q, 7, ConsistencyLevel.ONE), pages)).as(q).containsExactlyElementsOf(whole);
    }
  }

  @Test
  void orderByWithInIsRefusedWhenPagingAsCassandraRefusesIt() {
    assertThatThrownBy(() -> session.execute(stmt("SELECT c FROM pg.many WHERE k IN (1, 2) ORDER BY c DESC LIMIT 5",
        100, ConsistencyLevel.ONE))).isInstanceOf(InvalidQueryException.class)
        .hasMessageStartingWith("Cannot page queries with both ORDER BY and a IN restriction on the partition key");
    // One partition in the IN: nothing to sort across partitions, it pages.
    int[] pages = new int[1];
    assertThat(all(stmt("SELECT c FROM pg.many WHERE k IN (1) ORDER BY c DESC", 10, ConsistencyLevel.ONE), pages))
        .hasSize(25).startsWith("24", "23");
  }

  @Test
  void aPagingStateOfAnotherStatementIsItsCursorAndGarbageIsRefused() {
    ResultSet rs = session.execute(stmt("SELECT c FROM pg.wide WHERE k = 1", 10, ConsistencyLevel.ONE));
    ByteBuffer state = rs.getExecutionInfo().getPagingState();
    // As Cassandra: another statement's state is a row to start after (the Java driver's SimpleStatementCcmIT sends
    // a state with the same query written differently).
    assertThat(session.execute(stmt("select c from pg.wide where k = 1", 10, ConsistencyLevel.ONE)
        .setPagingState(state)).one().getInt(0)).isEqualTo(10);
    // A row that cannot be one of the other table's: refused with Cassandra's message.
    session.execute("CREATE TABLE IF NOT EXISTS pg.flat (k int PRIMARY KEY)");
    assertThatThrownBy(() -> session.execute(stmt("SELECT k FROM pg.flat", 10, ConsistencyLevel.ONE)
        .setPagingState(state))).isInstanceOf(InvalidQueryException.class)
        .hasMessage("Invalid value for the paging state");
    // Bytes that are no paging state: a protocol error with the same message, as Cassandra 4.1 answers.
    for (byte[] garbage : new byte[][] {{1, 2, 3}, new byte[40], {'r', 1, 0, 0, 0, 0, -1, -1, -1, -1}}) {
      assertThatThrownBy(() -> session.execute(stmt("SELECT c FROM pg.wide WHERE k = 1", 10, ConsistencyLevel.ONE)
          .setPagingState(ByteBuffer.wrap(garbage)))).isInstanceOf(ProtocolError.class)
          .hasMessageContaining("Invalid value for the paging state");
    }
    // Truncated states of the right statement: refused, never a crash, and the session goes on.
    for (int n = 1; n < state.remaining(); n += 3) {
      ByteBuffer cut = state.duplicate();
      cut.limit(n);
      assertThatThrownBy(() -> session.execute(stmt("SELECT c FROM pg.wide WHERE k = 1", 10, ConsistencyLevel.ONE)
          .setPagingState(cut))).isInstanceOf(ProtocolError.class);
    }
    assertThat(session.execute(stmt("SELECT c FROM pg.wide WHERE k = 1", 10, ConsistencyLevel.ONE)
        .setPagingState(state)).one().getInt(0)).isEqualTo(10);
  }

  @Test
  void rowsWrittenBetweenPagesAreSeenOnlyAfterTheCursor() {
    session.execute("CREATE TABLE pg.moving (k int, c int, PRIMARY KEY (k, c))");
    for (int c = 0; c < 100; c += 2) session.execute(stmt("INSERT INTO pg.moving (k, c) VALUES (0, " + c + ")", 0,
        ConsistencyLevel.ALL));
    SimpleStatement s = stmt("SELECT c FROM pg.moving WHERE k = 0", 10, ConsistencyLevel.ALL);
    ResultSet first = session.execute(s);
    List<Integer> seen = new ArrayList<>();
    for (int i = 0; i < 10; i++) seen.add(first.one().getInt(0));
    assertThat(seen.get(9)).isEqualTo(18);
    session.execute(stmt("INSERT INTO pg.moving (k, c) VALUES (0, 5)", 0, ConsistencyLevel.ALL)); // before
    session.execute(stmt("INSERT INTO pg.moving (k, c) VALUES (0, 19)", 0, ConsistencyLevel.ALL)); // just after
    session.execute(stmt("INSERT INTO pg.moving (k, c) VALUES (0, 21)", 0, ConsistencyLevel.ALL)); // after
    session.execute(stmt("DELETE FROM pg.moving WHERE k = 0 AND c = 20", 0, ConsistencyLevel.ALL)); // after
    session.execute(stmt("DELETE FROM pg.moving WHERE k = 0 AND c = 18", 0, ConsistencyLevel.ALL)); // the cursor
    ResultSet second = session.execute(s.setPagingState(first.getExecutionInfo().getPagingState()));
    for (int i = 0; i < 5; i++) seen.add(second.one().getInt(0));
    assertThat(seen).containsExactly(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 19, 21, 22, 24, 26);
  }
}
