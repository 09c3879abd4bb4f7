package io.ringsim.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * The write comparison of {@link StorageWriteBench} measured in CPU time rather than wall time, for a shared machine
 * where other processes make wall-clock throughput swing between runs: rounds of memtable writes and bare skip-list
 * puts alternate, each costed as this thread's CPU time plus the GC pause time during the round, and the medians
 * are compared.
 *
 * <p>Run: java -Xms2g -Xmx2g -cp target/benchmarks.jar io.ringsim.bench.StorageWriteRatio [rounds] [opsPerRound]
 */
public final class StorageWriteRatio {
  private StorageWriteRatio() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
    int ops = args.length > 1 ? Integer.parseInt(args[1]) : 500_000;
    StorageWriteBench b = new StorageWriteBench();
    b.setUp();
    b.freshStores();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double[] ours = new double[rounds];
    double[] bare = new double[rounds];
    double[] node = new double[rounds];
    long sink = 0;
    for (int r = -3; r < rounds; r++) { // three warm-up rounds
      long t0 = threads.getCurrentThreadCpuTime(), g0 = gcMillis();
      for (int k = 0; k < ops; k++) sink += b.memtableApply() ? 1 : 0;
      long t1 = threads.getCurrentThreadCpuTime(), g1 = gcMillis();
      for (int k = 0; k < ops; k++) sink += b.bareSkipListPut() == null ? 1 : 0;
      long t2 = threads.getCurrentThreadCpuTime(), g2 = gcMillis();
      for (int k = 0; k < ops / 5; k++) b.nodeApply();
      long t3 = threads.getCurrentThreadCpuTime(), g3 = gcMillis();
      if (r < 0) continue;
      ours[r] = ops / ((t1 - t0) / 1e9 + (g1 - g0) / 1e3);
      bare[r] = ops / ((t2 - t1) / 1e9 + (g2 - g1) / 1e3);
      node[r] = ops / 5 / ((t3 - t2) / 1e9 + (g3 - g2) / 1e3);
      if (r % 5 == 4) b.freshStores(); // keep the node's data set from piling up SSTables across rounds
    }
    double o = median(ours), bb = median(bare), n = median(node);
    System.out.printf("writes per CPU-second (median of %d rounds of %,d ops; sink %d)%n", rounds, ops, sink % 2);
    System.out.printf("  memtable (TableStore.apply): %,.0f%n  bare ConcurrentSkipListMap.put: %,.0f%n", o, bb);
    System.out.printf("  node (NodeStorage.apply, commit log periodic, flush + compaction): %,.0f%n", n);
    System.out.printf("  memtable / bare = %.2f (target >= 0.50)%n", o / bb);
  }

  private static long gcMillis() {
    long t = 0;
    for (GarbageCollectorMXBean g : ManagementFactory.getGarbageCollectorMXBeans()) t += Math.max(0, g.getCollectionTime());
    return t;
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }
}
