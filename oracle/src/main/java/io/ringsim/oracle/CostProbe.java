package io.ringsim.oracle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What Cassandra's storage work costs on this machine, for ringsim's cost model (docs/performance.md, "The cost
 * model"): the server-side time of each statement (QueryMessage.execute in process, no driver, no network) for
 * small workloads: single-row writes (run once with RINGSIM_ORACLE_COMMITLOG=batch and once without), reads of a
 * partition spread over 0, 1, 2 and 4 of a table's four SSTables, and reads of a partition holding 1,000 and 5,000 row tombstones or
 * 1,000 live rows. Prints one line per workload: median and 90th percentile in microseconds. The machine is shared:
 * the read workloads are interleaved, each round starting with the next, so that a load change hits them all alike.
 *
 * <p>Usage: oracle/cost-probe.sh
 */
public final class CostProbe {
  private CostProbe() {}

  private static final int PARTITIONS = 100;

  public static void main(String[] args) throws Exception {
    int status = 0;
    try (EmbeddedNode node = EmbeddedNode.start(EmbeddedNode.freePort())) {
      ScriptSession s = new ScriptSession((int) (System.currentTimeMillis() / 1000));
      run(s, "CREATE KEYSPACE o WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      run(s, "USE o");
      String mode = "batch".equals(System.getenv("RINGSIM_ORACLE_COMMITLOG")) ? "batch" : "periodic";
      run(s, "CREATE TABLE w (k int PRIMARY KEY, v text)");
      for (int i = 0; i < 1000; i++) run(s, "INSERT INTO w (k, v) VALUES (" + i + ", 'warm-up-value')");
      long[] w = new long[4000];
      for (int i = 0; i < w.length; i++)
        w[i] = timed(s, "INSERT INTO w (k, v) VALUES (" + (i % 1000) + ", 'value-" + i + "')");
      print("write commitlog=" + mode, w);

      String noCompaction = " WITH compaction = {'class': 'SizeTieredCompactionStrategy', 'enabled': 'false'}";
      // One table of four SSTables, so every read asks the same four bloom filters: partition pk holds four rows,
      // spread over pk % 4 == 0: the memtable alone, 1: one SSTable, 2: two, 3: all four.
      run(s, "CREATE TABLE sst (pk int, ck int, v text, PRIMARY KEY (pk, ck))" + noCompaction);
      for (int flush = 0; flush < 4; flush++) {
        for (int pk = 0; pk < PARTITIONS; pk++) {
          int spread = pk % 4;
          for (int ck = 0; ck < 4; ck++) {
            boolean now = switch (spread) {
              case 1 -> flush == 0;
              case 2 -> ck / 2 == flush;
              case 3 -> ck == flush;
              default -> false;
            };
            if (now) run(s, "INSERT INTO sst (pk, ck, v) VALUES (" + pk + ", " + ck + ", 'v')");
          }
        }
        flush("sst");
      }
      for (int pk = 0; pk < PARTITIONS; pk += 4)
        for (int ck = 0; ck < 4; ck++) run(s, "INSERT INTO sst (pk, ck, v) VALUES (" + pk + ", " + ck + ", 'v')");

      // One partition per table: t1k and t5k hold one live row after 1,000 / 5,000 deleted rows, live1 one live row
      // alone, live1k 1,000 live rows; all flushed to one SSTable.
      for (String t : List.of("t1k", "t5k", "live1", "live1k"))
        run(s, "CREATE TABLE " + t + " (pk int, ck int, v text, PRIMARY KEY (pk, ck))" + noCompaction);
      for (int ck = 0; ck < 5000; ck++) {
        if (ck < 1000) run(s, "INSERT INTO live1k (pk, ck, v) VALUES (0, " + ck + ", 'v')");
        if (ck < 1000) run(s, "DELETE FROM t1k WHERE pk = 0 AND ck = " + ck);
        run(s, "DELETE FROM t5k WHERE pk = 0 AND ck = " + ck);
      }
      for (String t : List.of("t1k", "t5k", "live1")) run(s, "INSERT INTO " + t + " (pk, ck, v) VALUES (0, 9999, 'v')");
      for (String t : List.of("t1k", "t5k", "live1", "live1k")) flush(t);

      Map<String, List<Long>> reads = new LinkedHashMap<>();
      List<String> tables = List.of("s0", "s1", "s2", "s4", "live1", "t1k", "t5k", "live1k");
      Map<String, Integer> spreadOf = Map.of("s0", 0, "s1", 1, "s2", 2, "s4", 3);
      for (String t : tables) reads.put(t, new ArrayList<>());
      for (int i = 0; i < 1500; i++) {
        for (int j = 0; j < tables.size(); j++) {
          // Each round starts with the next table, so no workload always comes first after a pause.
          String t = tables.get((i + j) % tables.size());
          Integer spread = spreadOf.get(t);
          long ns = spread == null ? timed(s, "SELECT * FROM " + t + " WHERE pk = 0")
              : timed(s, "SELECT * FROM sst WHERE pk = " + ((i * 4) % PARTITIONS + spread));
          if (i >= 200) reads.get(t).add(ns); // the first 200 rounds warm the JIT up
        }
      }
      for (String t : tables) print("read " + t, reads.get(t).stream().mapToLong(Long::longValue).toArray());
    } catch (RuntimeException e) {
      System.err.println("cost-probe: " + e);
      status = 1;
    }
    System.out.flush();
    Runtime.getRuntime().halt(status);
  }

  private static void flush(String table) {
    org.apache.cassandra.db.Keyspace.open("o").getColumnFamilyStore(table)
        .forceBlockingFlush(org.apache.cassandra.db.ColumnFamilyStore.FlushReason.USER_FORCED);
  }

  private static long timed(ScriptSession s, String cql) {
    long t0 = System.nanoTime();
    run(s, cql);
    return System.nanoTime() - t0;
  }

  private static void print(String what, long[] ns) {
    long[] x = ns.clone();
    Arrays.sort(x);
    System.out.printf("%-28s n=%d median_us=%.1f p90_us=%.1f%n", what, x.length, x[x.length / 2] / 1e3,
        x[(int) (x.length * 0.9)] / 1e3);
  }

  private static void run(ScriptSession s, String cql) {
    ScriptSession.Outcome o = s.execute(cql);
    if (!o.ok()) throw new IllegalStateException(cql + ": " + o.errorClass() + " " + o.message());
  }
}
