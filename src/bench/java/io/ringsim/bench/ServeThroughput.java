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
 * [consistency=LOCAL_ONE] [port=29042]}
 */
public final class ServeThroughput {
  public static void main(String[] args) throws Exception {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
    int inFlight = args.length > 1 ? Integer.parseInt(args[1]) : 128;
    DefaultConsistencyLevel cl = DefaultConsistencyLevel.valueOf(args.length > 2 ? args[2] : "LOCAL_ONE");
    int port = args.length > 3 ? Integer.parseInt(args[3]) : 29042;
    long t0 = System.nanoTime();
    Ring ring = ClusterBuilder.ring(List.of(new ClusterBuilder.Dc("datacenter1", 6, 1)), 16, "balanced", 1,
        Partitioners.byName("murmur3"), ClusterBuilder.defaultAllocationReplication());
    try (SimCluster sim = ClusterBuilder.start(ring, 1, ConfigFactory.load());
        ServedCluster served = new ServedCluster(sim, InetAddress.getByName("127.0.0.1"), port, 1.0)) {
      served.start();
      System.out.printf("cluster to ready: %d ms%n", (System.nanoTime() - t0) / 1_000_000);
      try (CqlSession s = CqlSession.builder().addContactPoint(new InetSocketAddress("127.0.0.1", port))
          .withLocalDatacenter("datacenter1").withConfigLoader(DriverConfigLoader.programmaticBuilder()
              .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
              .withInt(DefaultDriverOption.CONNECTION_MAX_REQUESTS, 1024).build()).build()) {
        s.execute("CREATE KEYSPACE b WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
        s.execute("CREATE TABLE b.t (k bigint PRIMARY KEY, v text)");
        PreparedStatement insert = s.prepare("INSERT INTO b.t (k, v) VALUES (?, ?)");
        run(s, insert, cl, inFlight, 10, new AtomicLong(), "warm-up");
        run(s, insert, cl, inFlight, seconds, new AtomicLong(1L << 40), "measured");
      }
    }
    System.exit(0);
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
