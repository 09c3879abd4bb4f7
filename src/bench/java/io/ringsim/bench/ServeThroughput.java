package io.ringsim.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.cluster.SimCluster;
import io.ringsim.ring.Partitioners;
import io.ringsim.ring.Ring;
import io.ringsim.server.ServedCluster;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Recorder;

/**
 * Prepared INSERTs of small rows through the Java driver with a fixed number in flight, against a served 6-node
 * RF 3 cluster in this JVM: requests per second and latency percentiles. Also the time from starting the cluster
 * to every port accepting connections.
 *
 * <p>{@code java -cp target/benchmarks.jar io.ringsim.bench.ServeThroughput [seconds=60] [inFlight=128]
 * [consistency=LOCAL_ONE] [port=29042] [external=HOST:PORT rf]}: with an external address the same program runs
 * against that server instead (a real Cassandra node from {@code oracle/cassandra.sh}), with a keyspace of the
 * given replication factor.
 */
public final class ServeThroughput {
  public static void main(String[] args) throws Exception {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
    int inFlight = args.length > 1 ? Integer.parseInt(args[1]) : 128;
    DefaultConsistencyLevel cl = DefaultConsistencyLevel.valueOf(args.length > 2 ? args[2] : "LOCAL_ONE");
    int port = args.length > 3 ? Integer.parseInt(args[3]) : 29042;
    if (args.length > 4) {
      String[] hp = args[4].split(":");
      int rf = args.length > 5 ? Integer.parseInt(args[5]) : 1;
      drive(new InetSocketAddress(hp[0], Integer.parseInt(hp[1])), rf, seconds, inFlight, cl);
      System.exit(0);
    }
    long t0 = System.nanoTime();
    Ring ring = ClusterBuilder.ring(List.of(new ClusterBuilder.Dc("datacenter1", 6, 1)), 16, "balanced", 1,
        Partitioners.byName("murmur3"), ClusterBuilder.defaultAllocationReplication());
    try (SimCluster sim = ClusterBuilder.start(ring, 1, ConfigFactory.load());
        ServedCluster served = new ServedCluster(sim, InetAddress.getByName("127.0.0.1"), port, 1.0)) {
      served.start();
      System.out.printf("cluster to ready: %d ms%n", (System.nanoTime() - t0) / 1_000_000);
      drive(new InetSocketAddress("127.0.0.1", port), 3, seconds, inFlight, cl);
    }
    System.exit(0);
  }

  private static void drive(InetSocketAddress contact, int rf, int seconds, int inFlight, DefaultConsistencyLevel cl)
      throws InterruptedException {
    try (CqlSession s = CqlSession.builder().addContactPoint(contact)
        .withLocalDatacenter("datacenter1").withConfigLoader(DriverConfigLoader.programmaticBuilder()
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
            .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
            .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, Duration.ofSeconds(30))
            .withInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS, 1024).build()).build()) {
      s.execute("CREATE KEYSPACE IF NOT EXISTS b WITH replication = {'class': 'SimpleStrategy', "
          + "'replication_factor': " + rf + "}");
      s.execute("CREATE TABLE IF NOT EXISTS b.t (k bigint PRIMARY KEY, v text)");
      PreparedStatement insert = s.prepare("INSERT INTO b.t (k, v) VALUES (?, ?)");
      run(s, insert, cl, inFlight, 10, new AtomicLong(), "warm-up");
      run(s, insert, cl, inFlight, seconds, new AtomicLong(1L << 40), "measured");
    }
  }

  private static void run(CqlSession s, PreparedStatement insert, DefaultConsistencyLevel cl, int inFlight,
      int seconds, AtomicLong keys, String label) throws InterruptedException {
    Semaphore slots = new Semaphore(inFlight);
    Recorder latency = new Recorder(3);
    AtomicLong ok = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    long start = System.nanoTime();
    long end = start + seconds * 1_000_000_000L;
    while (System.nanoTime() < end) {
      slots.acquire();
      long sent = System.nanoTime();
      long k = keys.incrementAndGet();
      s.executeAsync(insert.bind(k, "value-" + k).setConsistencyLevel(cl)).whenComplete((r, t) -> {
        latency.recordValue((System.nanoTime() - sent) / 1000);
        (t == null ? ok : failed).incrementAndGet();
        slots.release();
      });
    }
    slots.acquire(inFlight);
    double elapsed = (System.nanoTime() - start) / 1e9;
    var h = latency.getIntervalHistogram();
    System.out.printf("%s: %d ok, %d failed in %.1f s: %.0f requests/s at %s, %d in flight; p50 %.2f ms, "
        + "p99 %.2f ms, max %.2f ms%n", label, ok.get(), failed.get(), elapsed, ok.get() / elapsed, cl, inFlight,
        h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(99) / 1000.0, h.getMaxValue() / 1000.0);
  }
}
