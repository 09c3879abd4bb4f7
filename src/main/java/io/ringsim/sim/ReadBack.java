package io.ringsim.sim;

import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.SimCluster;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.cluster.node.NodeCommand;
import io.ringsim.report.PartitionSizeReport;
import io.ringsim.storage.Cell;
import io.ringsim.storage.LiveRow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;

/** What a scenario run reads from its healed cluster: the keys written, read back at ALL, and every partition's size. */
final class ReadBack {
  private ReadBack() {}

  /** At most this many keys are read back, a deterministic sample when there are more. */
  static final int KEYS = 5000;

  /** The report lists this many of each table's largest partitions. */
  static final int LARGEST_PARTITIONS = 10;

  /** Reads back (at ALL, so replicas are compared and repaired) a deterministic sample of the keys written. */
  static List<Checker.FinalRead> finalReads(SimCluster sim, List<WorkloadActor.Recorder> recorders) {
    TreeMap<String, WorkloadActor.KeyRef> all = new TreeMap<>();
    for (WorkloadActor.Recorder r : recorders) {
      r.keys.forEach((k, v) -> all.put(v.table() + " " + k, v));
    }
    List<Checker.FinalRead> out = new ArrayList<>();
    if (all.isEmpty()) return out;
    int stride = Math.max(1, all.size() / KEYS);
    List<String> keys = new ArrayList<>();
    List<WorkloadActor.KeyRef> refs = new ArrayList<>();
    int i = 0;
    for (Map.Entry<String, WorkloadActor.KeyRef> e : all.entrySet()) {
      if (i++ % stride != 0) continue;
      keys.add(e.getKey());
      refs.add(e.getValue());
    }
    List<String> nodes = sim.nodeNames();
    List<CompletableFuture<ClientResponse>> pending = new ArrayList<>();
    for (int j = 0; j < refs.size(); j++) {
      WorkloadActor.KeyRef k = refs.get(j);
      pending.add(sim.submit(nodes.get(j % nodes.size()), new ClientRequest.Read(k.table(), k.key(), k.filter(),
          ConsistencyLevel.ALL, false), Duration.ofSeconds(30)).toCompletableFuture());
    }
    try {
      sim.await(CompletableFuture.allOf(pending.toArray(new CompletableFuture<?>[0])).handle((x, e) -> null));
    } catch (RuntimeException ex) {
      // individual failures are looked at below
    }
    for (int j = 0; j < pending.size(); j++) {
      ClientResponse r;
      try {
        r = pending.get(j).getNow(null);
      } catch (RuntimeException ex) {
        continue;
      }
      if (!(r instanceof ClientResponse.ReadDone rd)) continue;
      long version = -1;
      for (var p : rd.partitions()) {
        for (LiveRow row : p.rows()) {
          if (!row.clustering().equals(refs.get(j).clustering())) continue;
          for (Cell c : row.cells().values()) version = Math.max(version, c.timestamp());
        }
      }
      out.add(new Checker.FinalRead(keys.get(j), version, rd.nowInSec() == ClientResponse.NOW_NOT_REPORTED ? null
          : rd.nowInSec()));
    }
    return out;
  }

  /**
   * Every partition's size, each measured once on its primary replica (after the final heal and hint replay, the
   * replicas agree but for what the run's faults left behind), and the largest few of each node.
   */
  static Map<String, PartitionSizeReport.Measured> partitionSizes(SimCluster sim) {
    Map<String, List<long[]>> bytes = new TreeMap<>();
    Map<String, List<PartitionSizeReport.PartitionStat>> largest = new TreeMap<>();
    for (String n : sim.nodeNames()) {
      NodeCommand.NodePartitionSizes ps = sim.partitionSizes(n, LARGEST_PARTITIONS, true);
      ps.byTable().forEach((table, sizes) -> {
        bytes.computeIfAbsent(table, k -> new ArrayList<>()).add(sizes.bytes());
        List<PartitionSizeReport.PartitionStat> l = largest.computeIfAbsent(table, k -> new ArrayList<>());
        for (NodeCommand.LargePartition p : sizes.largest()) {
          l.add(new PartitionSizeReport.PartitionStat(p.key(), p.bytes(), p.rows()));
        }
      });
    }
    Map<String, PartitionSizeReport.Measured> out = new TreeMap<>();
    bytes.forEach((table, parts) -> {
      long[] all = new long[parts.stream().mapToInt(a -> a.length).sum()];
      int at = 0;
      for (long[] a : parts) {
        System.arraycopy(a, 0, all, at, a.length);
        at += a.length;
      }
      out.put(table, new PartitionSizeReport.Measured(all, largest.get(table)));
    });
    return out;
  }
}
