package io.ringsim.bench;

import io.ringsim.storage.CommitLogSync;
import io.ringsim.storage.NodeStorage;
import io.ringsim.storage.SSTable;
import io.ringsim.storage.StorageSettings;
import io.ringsim.storage.TableSchema;
import io.ringsim.storage.TableStats;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * Heap taken by small rows held in one node: writes N rows of t (pk int, ck int, v1 int, v2 text) through
 * {@link NodeStorage#apply} (commit log in periodic mode, flush when the memtable fills, size-tiered compaction),
 * then reports heap used after a full GC divided by N. Rows go {@code rowsPerPartition} to a partition (default 1:
 * every row its own partition, the costliest shape). Virtual time moves 100 us per write.
 *
 * <p>Run: java -Xmx4g -cp target/benchmarks.jar io.ringsim.bench.StorageMemory N [rowsPerPartition]
 * (add -Dstoragememory.hold=true to keep the process alive for jcmd GC.class_histogram).
 */
public final class StorageMemory {
  private StorageMemory() {}

  public static void main(String[] args) throws Exception {
    long n = args.length > 0 ? Long.parseLong(args[0].replace("_", "")) : 1_000_000;
    int perPartition = args.length > 1 ? Integer.parseInt(args[1]) : 1;
    MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
    long max = Runtime.getRuntime().maxMemory();
    long base = usedAfterGc(mem);

    TableSchema schema = SmallRows.schema();
    SmallRows.SteppingClock clock = new SmallRows.SteppingClock(100);
    NodeStorage node = new NodeStorage(StorageSettings.DEFAULTS.withCommitLog(CommitLogSync.PERIODIC, 10_000), clock);
    node.createTable(schema);
    long start = System.nanoTime();
    long written = 0;
    try {
      for (long r = 0; r < n; r++) {
        clock.step();
        int pk = (int) (r / perPartition);
        int ck = (int) (r % perPartition);
        node.apply("ks.t", SmallRows.insert(schema, SmallRows.i(pk), SmallRows.i(ck), SmallRows.i((int) r), SmallRows.t(SmallRows.V2), r + 1));
        written++;
        if (written % 1_000_000 == 0) {
          System.out.printf("  %,d rows written, %.1f s, heap used %,d MiB%n", written,
              (System.nanoTime() - start) / 1e9, (Runtime.getRuntime().totalMemory()
                  - Runtime.getRuntime().freeMemory()) >> 20);
        }
      }
    } catch (OutOfMemoryError e) {
      node = null;
      System.out.printf("OUT OF MEMORY after %,d of %,d rows (max heap %,d MiB)%n", written, n, max >> 20);
      System.out.println("fits: NO");
      return;
    }
    double secs = (System.nanoTime() - start) / 1e9;
    long used = usedAfterGc(mem) - base;
    TableStats s = node.table("ks.t").orElseThrow().stats();
    System.out.printf("rows=%,d rowsPerPartition=%d writes/s=%,.0f%n", n, perPartition, n / secs);
    System.out.printf("sstables=%d flushes=%d compactions=%d memtableBytes=%,d commitLogEntries=%,d commitLogBytes=%,d%n",
        s.sstableCount(), s.flushes(), s.compactions(), s.memtableBytes(), node.commitLog().size(),
        node.commitLog().bytes());
    System.out.printf("on-disk size (dataSize) per row=%.1f B%n", (double) s.liveBytes() / n);
    long serialized = 0, heap = 0;
    for (SSTable t : node.table("ks.t").orElseThrow().sstables()) {
      serialized += t.serializedBytes();
      heap += t.heapBytes();
    }
    System.out.printf("SSTables on the heap per row=%.1f B (serialized partitions %.1f B, index and bloom filter %.1f B)%n",
        (double) heap / n, (double) serialized / n, (double) (heap - serialized) / n);
    System.out.printf("heap used after GC=%,d MiB, bytes per row=%.1f%n", used >> 20, (double) used / n);
    double projected = (double) used / n * 10_000_000 + base;
    System.out.printf("projected for 10,000,000 rows=%,.0f MiB of %,d MiB max heap: fits: %s%n",
        projected / (1 << 20), max >> 20, projected < max ? "YES" : "NO");
    if (Boolean.getBoolean("storagememory.hold")) {
      System.out.println("holding for a heap histogram: jcmd " + ProcessHandle.current().pid() + " GC.class_histogram");
      Thread.sleep(120_000);
    }
    if (node.commitLog() == null) System.out.println(); // keep node reachable until here
  }

  private static long usedAfterGc(MemoryMXBean mem) throws InterruptedException {
    for (int k = 0; k < 3; k++) {
      System.gc();
      Thread.sleep(100);
    }
    return mem.getHeapMemoryUsage().getUsed();
  }
}
