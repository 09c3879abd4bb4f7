package io.ringsim.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * Time to page through one partition of {@code rows} rows with the Java driver, at each page size given, against
 * a running server ({@code bin/ringsim serve --nodes 6}, or a Cassandra node): loads the partition (prepared
 * INSERTs, 128 in flight, RF 3 keyspace), then fetches every page in turn and checks each row comes once, in order.
 * A page size's run stops after {@code limitSeconds} (the old re-run-per-page server needs far longer), and then
 * says how far it got.
 *
 * <p>{@code java -cp target/benchmarks.jar io.ringsim.bench.PagingThroughput HOST:PORT rows=100000
 * limitSeconds=600 pageSize...}
 */
public final class PagingThroughput {
  public static void main(String[] args) throws Exception {
    String[] hp = args[0].split(":");
    int rows = Integer.parseInt(args[1]);
    long limitNanos = Long.parseLong(args[2]) * 1_000_000_000L;
    try (CqlSession s = CqlSession.builder().addContactPoint(new InetSocketAddress(hp[0], Integer.parseInt(hp[1])))
        .withLocalDatacenter("datacenter1").withConfigLoader(DriverConfigLoader.programmaticBuilder()
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(120))
            .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
            .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
            .build()).build()) {
      s.execute("CREATE KEYSPACE IF NOT EXISTS pb WITH replication = {'class': 'SimpleStrategy', "
          + "'replication_factor': 3}");
      s.execute("CREATE TABLE IF NOT EXISTS pb.wide (k int, c int, v text, PRIMARY KEY (k, c))");
      PreparedStatement insert = s.prepare("INSERT INTO pb.wide (k, c, v) VALUES (1, ?, 'value')");
      long t0 = System.nanoTime();
      List<CompletionStage<?>> inFlight = new ArrayList<>();
      for (int c = 0; c < rows; c++) {
        inFlight.add(s.executeAsync(insert.bind(c).setConsistencyLevel(DefaultConsistencyLevel.ALL)));
        if (inFlight.size() == 128) {
          for (CompletionStage<?> f : inFlight) f.toCompletableFuture().get();
          inFlight.clear();
        }
      }
      for (CompletionStage<?> f : inFlight) f.toCompletableFuture().get();
      System.out.printf("loaded %d rows in %.1f s%n", rows, (System.nanoTime() - t0) / 1e9);
      for (int i = 3; i < args.length; i++) {
        int pageSize = Integer.parseInt(args[i]);
        SimpleStatement q = SimpleStatement.newInstance("SELECT c, v FROM pb.wide WHERE k = 1")
            .setPageSize(pageSize).setConsistencyLevel(DefaultConsistencyLevel.LOCAL_ONE);
        long start = System.nanoTime();
        int seen = 0, pages = 0;
        ByteBuffer state = null;
        boolean done = false;
        while (System.nanoTime() - start < limitNanos) {
          ResultSet rs = s.execute(q.setPagingState(state));
          pages++;
          int n = rs.getAvailableWithoutFetching();
          for (int j = 0; j < n; j++) {
            int c = rs.one().getInt(0);
            if (c != seen) throw new AssertionError("row " + c + " where " + seen + " was expected");
            seen++;
          }
          state = rs.getExecutionInfo().getPagingState();
          if (state == null) {
            done = true;
            break;
          }
        }
        double secs = (System.nanoTime() - start) / 1e9;
        System.out.printf("page size %d: %s %d rows in %d pages, %.2f s (%.1f ms per page)%n", pageSize,
            done ? "all" : "STOPPED at the time limit after", seen, pages, secs, secs * 1000 / pages);
      }
    }
    System.exit(0);
  }
}
