package io.ringsim.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The reads of {@link StorageReadBench} (point reads of a missing and of a present key over 10 SSTables) and
 * {@link StorageSliceBench} (one row, a 10-row slice and a whole 100-row partition, over 2 SSTables) costed in CPU
 * time, like {@link StorageWriteRatio}: on a shared machine, wall-clock JMH scores swing with other processes, CPU
 * time per read swings much less. Rounds of each kind alternate; medians are printed.
 *
 * <p>Run: java -Xms1g -Xmx1g -cp target/benchmarks.jar io.ringsim.bench.StorageReadCost [rounds] [readsPerRound]
 */
public final class StorageReadCost {
  private StorageReadCost() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
    int reads = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
    StorageReadBench point = new StorageReadBench();
    point.setUp();
    StorageReadBench.Touched t = new StorageReadBench.Touched();
    StorageSliceBench wide = new StorageSliceBench();
    wide.setUp();
    String[] names = {"missing key, 10 SSTables", "present key, 10 SSTables", "one row of 100, 2 SSTables",
        "10-row slice of 100, 2 SSTables", "whole 100-row partition, 2 SSTables"};
    int[] per = {reads, reads, reads, reads / 4, reads / 20};
    @SuppressWarnings("unchecked")
    Supplier<Object>[] ops = new Supplier[] {() -> point.readMissing(t), () -> point.readPresent(t), wide::oneRow,
        wide::tenRowSlice, wide::wholePartition};
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double[][] nanos = new double[ops.length][rounds];
    long sink = 0;
    for (int r = -3; r < rounds; r++) { // three warm-up rounds
      for (int k = 0; k < ops.length; k++) {
        long t0 = threads.getCurrentThreadCpuTime(), g0 = gcMillis();
        for (int i = 0; i < per[k]; i++) sink += ops[k].get().hashCode() & 1;
        long t1 = threads.getCurrentThreadCpuTime(), g1 = gcMillis();
        if (r >= 0) nanos[k][r] = ((t1 - t0) + (g1 - g0) * 1e6) / per[k];
      }
    }
    System.out.printf("CPU time per read (median of %d rounds; sink %d)%n", rounds, sink % 2);
    for (int k = 0; k < ops.length; k++) System.out.printf("  %-38s %8.2f us%n", names[k], median(nanos[k]) / 1e3);
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
