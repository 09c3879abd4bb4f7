package io.ringsim.sim.shrink;

import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.sim.CheckSpec;
import io.ringsim.sim.Limits;
import io.ringsim.sim.RunSpec;
import io.ringsim.sim.TimedAction;
import io.ringsim.sim.ValueGen;
import io.ringsim.sim.WorkloadSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The smaller scenarios the shrinker tries: each method returns a copy of a spec with one part replaced. None checks
 * that the result makes sense (a timeline naming a node the smaller cluster lacks): the shrinker writes each
 * candidate out and reads it back, and the scenario reader turns such a candidate down.
 */
final class Reductions {
  private Reductions() {}

  static RunSpec withTimeline(RunSpec s, List<TimedAction> timeline) {
    return new RunSpec(s.name(), s.description(), s.seed(), s.durationMillis(), s.dcs(), s.vnodes(), s.allocator(),
        s.partitioner(), s.latency(), s.loss(), s.storage(), s.cql(), s.workloads(), timeline, s.checks(),
        s.recordHistory(), s.consistentRangeMovement());
  }

  static RunSpec withWorkloads(RunSpec s, List<WorkloadSpec> workloads) {
    return new RunSpec(s.name(), s.description(), s.seed(), s.durationMillis(), s.dcs(), s.vnodes(), s.allocator(),
        s.partitioner(), s.latency(), s.loss(), s.storage(), s.cql(), workloads, s.timeline(), s.checks(),
        s.recordHistory(), s.consistentRangeMovement());
  }

  static RunSpec withCluster(RunSpec s, List<ClusterBuilder.Dc> dcs, int vnodes) {
    return new RunSpec(s.name(), s.description(), s.seed(), s.durationMillis(), dcs, vnodes, s.allocator(),
        s.partitioner(), s.latency(), s.loss(), s.storage(), s.cql(), s.workloads(), s.timeline(), s.checks(),
        s.recordHistory(), s.consistentRangeMovement());
  }

  static RunSpec withChecks(RunSpec s, List<CheckSpec> checks) {
    return new RunSpec(s.name(), s.description(), s.seed(), s.durationMillis(), s.dcs(), s.vnodes(), s.allocator(),
        s.partitioner(), s.latency(), s.loss(), s.storage(), s.cql(), s.workloads(), s.timeline(), checks,
        s.recordHistory(), s.consistentRangeMovement());
  }

  /**
   * The scenario ended at {@code millis}: timeline actions after it go, workloads that would start after it go, and
   * the others end by then (one that ran to the old end runs to the new one).
   */
  static RunSpec withDuration(RunSpec s, long millis) {
    List<TimedAction> timeline = new ArrayList<>();
    for (TimedAction a : s.timeline()) if (a.atMillis() <= millis) timeline.add(a);
    List<WorkloadSpec> workloads = new ArrayList<>();
    for (WorkloadSpec w : s.workloads()) {
      if (w.startMillis() >= millis) continue;
      workloads.add(window(w, w.startMillis(), Math.min(w.endMillis(), millis)));
    }
    return new RunSpec(s.name(), s.description(), s.seed(), millis, s.dcs(), s.vnodes(), s.allocator(),
        s.partitioner(), s.latency(), s.loss(), s.storage(), s.cql(), workloads, timeline, s.checks(),
        s.recordHistory(), s.consistentRangeMovement());
  }

  static RunSpec replaceWorkload(RunSpec s, int index, WorkloadSpec w) {
    List<WorkloadSpec> workloads = new ArrayList<>(s.workloads());
    workloads.set(index, w);
    return withWorkloads(s, workloads);
  }

  static WorkloadSpec window(WorkloadSpec w, long start, long end) {
    return new WorkloadSpec(w.name(), w.table(), w.generators(), w.writeFraction(), w.readFraction(),
        w.deleteFraction(), w.lwtFraction(), w.writeConsistency(), w.readConsistency(), w.rate(), w.concurrency(),
        start, end, w.ttlSeconds(), w.cellOps());
  }

  static WorkloadSpec rate(WorkloadSpec w, double rate) {
    return new WorkloadSpec(w.name(), w.table(), w.generators(), w.writeFraction(), w.readFraction(),
        w.deleteFraction(), w.lwtFraction(), w.writeConsistency(), w.readConsistency(), rate, w.concurrency(),
        w.startMillis(), w.endMillis(), w.ttlSeconds(), w.cellOps());
  }

  static WorkloadSpec generator(WorkloadSpec w, String column, ValueGen g) {
    Map<String, ValueGen> gens = new LinkedHashMap<>(w.generators());
    gens.put(column, g);
    return new WorkloadSpec(w.name(), w.table(), gens, w.writeFraction(), w.readFraction(), w.deleteFraction(),
        w.lwtFraction(), w.writeConsistency(), w.readConsistency(), w.rate(), w.concurrency(), w.startMillis(),
        w.endMillis(), w.ttlSeconds(), w.cellOps());
  }

  /** How many distinct values a generator draws (the keys a workload touches), or 0 when it has no such count. */
  static long count(ValueGen g) {
    if (g instanceof ValueGen.Uniform u) return u.count();
    if (g instanceof ValueGen.Zipf z) return z.count();
    if (g instanceof ValueGen.Hot h) return h.count();
    return 0;
  }

  static ValueGen withCount(ValueGen g, long n) {
    if (g instanceof ValueGen.Uniform) return new ValueGen.Uniform(n);
    if (g instanceof ValueGen.Zipf z) return new ValueGen.Zipf(n, z.s());
    if (g instanceof ValueGen.Hot h) return new ValueGen.Hot(h.p(), n);
    return g;
  }

  /** The operations the scenario plans: the size the progress line shows. */
  static long plannedOperations(RunSpec s) {
    long n = 0;
    for (WorkloadSpec w : s.workloads()) n += Limits.operations(w.rate(), w.endMillis() - w.startMillis());
    return n;
  }
}
