package io.ringsim.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A small hand-made run: 6 nodes in two racks, RF 3, 10 s simulated, QUORUM and ONE traffic, n3 crashes at 4 s and
 * restarts at 7 s (QUORUM keeps working, a few timeouts while the failure detector catches up), a zip-code keyed table
 * with one huge partition, and a partition key that tries to inject a script into the HTML.
 */
public final class ReportFixtures {
  public static final String EVIL_KEY = "<script>alert('x')</script>";

  private ReportFixtures() {}

  public static RunReport sixNodes() {
    return sixNodes("partition-key-choice", 42);
  }

  public static RunReport sixNodes(String name, long seed) {
    RunReport.Builder b =
        RunReport.builder(name)
            .description("The same data keyed by zip code vs UUID")
            .seed(seed)
            .simulatedMillis(10_000)
            .bucketMillis(1000)
            .version("0.1.0-test")
            .partitioner("Murmur3Partitioner")
            .keyspace("shop", "SimpleStrategy", Map.of("replication_factor", 3));
    double[] own = {0.52, 0.47, 0.55, 0.44, 0.50, 0.52};
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int i = 0; i < 6; i++) {
      List<String> tokens = new ArrayList<>();
      for (int t = 0; t < 4; t++) tokens.add(Long.toString(rnd.nextLong()));
      b.node("n" + (i + 1), "dc1", "rack" + (i % 2 + 1), tokens, own[i], true);
      b.load("n" + (i + 1), 1200 + i * 90, 48_000 + i * 3000, 9_600_000L + i * 700_000L, 1600 + i * 20, 4700 + i * 60);
    }
    for (int i = 0; i < 24; i++) b.arc(i / 24.0, (i + 1) / 24.0, (i * 5) % 6);
    for (int i = 0; i < 6; i++) {
      b.storage(new TableStorage("shop", "orders_by_zip", "n" + (i + 1), 3 + i % 3, 9_000_000L + i * 500_000L,
          8_100_000L + i * 400_000L, 250_000, 1.8 + i * 0.1, 4, 0.01 * (i + 1), 1200L * i, i == 2 ? 3 : 0, 2.4));
    }
    b.partitionSizes(new PartitionSizeReport("shop", "orders_by_zip", 4100, 2300, 96_000, 2_400_000, 1_000_000,
        "100 MB guideline scaled by 1/100 (run holds 1/100 of a production data set)",
        List.of(new PartitionSizeReport.SizeBucket(0, 1024, 900), new PartitionSizeReport.SizeBucket(1024, 4096, 2100),
            new PartitionSizeReport.SizeBucket(4096, 65_536, 1050), new PartitionSizeReport.SizeBucket(65_536, 1_048_576, 48),
            new PartitionSizeReport.SizeBucket(1_048_576, 4_194_304, 2)),
        List.of(new PartitionSizeReport.PartitionStat("10001", 2_400_000, 9800),
            new PartitionSizeReport.PartitionStat(EVIL_KEY, 1_300_000, 5100),
            new PartitionSizeReport.PartitionStat("94110", 640_000, 2500))));
    b.hot(new HotPartition("shop", "orders_by_zip", "94110", 2100, 300, List.of("n2", "n3", "n4")));
    b.hot(new HotPartition("shop", "orders_by_zip", "10001", 3900, 1100, List.of("n1", "n5", "n6")));
    b.hot(new HotPartition("shop", "orders_by_zip", EVIL_KEY, 400, 90, List.of("n4", "n5", "n6")));

    TimeSeriesRecorder rec = new TimeSeriesRecorder(1000);
    for (int op = 0; op < 6000; op++) {
      long at = op * 10_000L / 6000;
      String coord = "n" + (1 + rnd.nextInt(6));
      boolean quorum = rnd.nextInt(3) != 0;
      boolean n3Down = at >= 4000 && at < 7000;
      if (n3Down && coord.equals("n3")) continue; // a down node coordinates nothing
      String error = null;
      long latency = 800 + rnd.nextInt(2000) + (quorum ? 1500 : 0);
      if (n3Down && at < 4800 && quorum && rnd.nextInt(4) == 0) {
        error = rnd.nextBoolean() ? "WriteTimeout" : "ReadTimeout";
        latency = 2_000_000;
      }
      rec.record(at, coord, quorum ? "QUORUM" : "ONE", error, latency);
    }
    b.timeSeries(rec);
    b.event(4000, "crash", "n3", "n3 crashed (process killed)");
    b.event(7000, "restart", "n3", "n3 restarted; 412 hints replayed");
    b.anomaly(new Anomaly("stale-read", "shop.orders_by_zip", "94110", 4300, "ONE",
        "read at ONE from n4 returned version 17, version 18 was acknowledged at 4120 ms"));
    b.anomaly(new Anomaly("ryw", "shop.orders_by_zip", EVIL_KEY, 4550, "ONE", "write at ONE then read at ONE missed it & <b>more</b>"));
    for (long t = 0; t <= 10_000; t += 500) {
      long pending = t < 4000 ? 0 : t < 7000 ? (t - 4000) / 7 : Math.max(0, 428 - (t - 7000) / 4);
      b.sample("hints pending", t, pending);
    }
    b.metric("hints", "hints stored", 428, "", "for n3 while it was down");
    b.metric("hints", "hints replayed", 412, "", "16 expired after max_hint_window");
    b.metric("repair", "read repairs", 37, "", "blocking read repairs at QUORUM");
    b.query(new QueryStat("SELECT * FROM shop.orders_by_zip WHERE zip = ?", "QUORUM", 1200, 1200, 96_000, 96_000, 0,
        new Latency(1200, 3.1, 4.0, 4.3, 9.8)));
    b.query(new QueryStat("SELECT * FROM shop.orders_by_zip WHERE status = ? ALLOW FILTERING", "ONE", 10, 41_000, 1_230_000, 310, 2400,
        new Latency(10, 410, 520, 530, 530)));
    b.check("no acknowledged QUORUM write lost", true, "0 of 2803 lost");
    b.check("reads at ONE may be stale while n3 is down", true, "1 stale read observed");
    b.check("QUORUM availability >= 99%", false, "98.4% of QUORUM operations succeeded");
    return b.build();
  }
}
