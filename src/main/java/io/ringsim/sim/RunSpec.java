package io.ringsim.sim;

import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.cluster.net.LatencyModel;
import io.ringsim.storage.StorageSettings;
import java.util.List;

/** Everything a scenario run needs, already validated. */
public record RunSpec(
    String name,
    String description,
    long seed,
    long durationMillis,
    List<ClusterBuilder.Dc> dcs,
    int vnodes,
    String allocator,
    String partitioner,
    LatencyModel latency,
    double loss,
    StorageSettings storage,
    List<String> cql,
    List<WorkloadSpec> workloads,
    List<TimedAction> timeline,
    List<CheckSpec> checks,
    boolean recordHistory,
    boolean consistentRangeMovement) {

  /** A scenario that records the per-operation history (the default). */
  public RunSpec(String name, String description, long seed, long durationMillis, List<ClusterBuilder.Dc> dcs,
      int vnodes, String allocator, String partitioner, LatencyModel latency, double loss, StorageSettings storage,
      List<String> cql, List<WorkloadSpec> workloads, List<TimedAction> timeline, List<CheckSpec> checks) {
    this(name, description, seed, durationMillis, dcs, vnodes, allocator, partitioner, latency, loss, storage, cql,
        workloads, timeline, checks, true, true);
  }

  /** A scenario with Cassandra's default consistent range movement (a bootstrap needs the replicas it replaces). */
  public RunSpec(String name, String description, long seed, long durationMillis, List<ClusterBuilder.Dc> dcs,
      int vnodes, String allocator, String partitioner, LatencyModel latency, double loss, StorageSettings storage,
      List<String> cql, List<WorkloadSpec> workloads, List<TimedAction> timeline, List<CheckSpec> checks,
      boolean recordHistory) {
    this(name, description, seed, durationMillis, dcs, vnodes, allocator, partitioner, latency, loss, storage, cql,
        workloads, timeline, checks, recordHistory, true);
  }

  public RunSpec {
    dcs = List.copyOf(dcs);
    cql = List.copyOf(cql);
    workloads = List.copyOf(workloads);
    timeline = List.copyOf(timeline);
    checks = List.copyOf(checks);
  }

  /** The same scenario, ended at {@code millis} (a live run the user stopped early). */
  public RunSpec withDurationMillis(long millis) {
    return new RunSpec(name, description, seed, millis, dcs, vnodes, allocator, partitioner, latency, loss, storage,
        cql, workloads, timeline, checks, recordHistory, consistentRangeMovement);
  }

  /** The ring this scenario runs on: its data centres, racks, vnodes, allocator, partitioner and seed. */
  /** The cluster's data centres, sorted: the names NetworkTopologyStrategy's options may use. */
  public List<String> datacenters() {
    return dcs.stream().map(ClusterBuilder.Dc::name).sorted().toList();
  }

  public io.ringsim.ring.Ring ring() {
    return ClusterBuilder.ring(dcs, vnodes, allocator, seed, io.ringsim.ring.Partitioners.byName(partitioner),
        ClusterBuilder.defaultAllocationReplication());
  }

  public int nodeCount() {
    return dcs.stream().mapToInt(ClusterBuilder.Dc::nodes).sum();
  }

  /** Each workload's write TTL for the checker: its own, or the table's default_time_to_live when longer. */
  public java.util.Map<String, Integer> ttlByWorkload(io.ringsim.schema.Catalog catalog) {
    java.util.Map<String, Integer> ttls = new java.util.TreeMap<>();
    for (WorkloadSpec w : workloads) {
      int tableTtl = catalog.table(w.table()).map(tm -> tm.params().defaultTimeToLive()).orElse(0);
      ttls.put(w.name(), Math.max(w.ttlSeconds(), tableTtl));
    }
    return ttls;
  }
}
