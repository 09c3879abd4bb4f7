package io.ringsim.sim;

import io.ringsim.cluster.SimCluster;
import io.ringsim.cluster.net.TrafficGauge;
import io.ringsim.report.RunViews;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.ReplicationStrategies;
import io.ringsim.ring.ReplicationStrategy;
import io.ringsim.ring.SimpleStrategy;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.KeyspaceMetadata;
import java.util.ArrayList;
import java.util.List;

/** Fills what report.html's interactive views need beyond the report (views.json) from a finished simulation. */
final class ViewsMapper {
  private ViewsMapper() {}

  static RunViews views(SimCluster sim, RunSpec spec) {
    // the replication the report's ownership is computed at: the first workload's keyspace, else the first keyspace
    Catalog catalog = sim.catalog();
    ReplicationStrategy strategy = new SimpleStrategy(3);
    String placement = "SimpleStrategy rf=3 (no keyspace)";
    String ks = spec.workloads().isEmpty() ? null : spec.workloads().get(0).table().split("\\.")[0];
    KeyspaceMetadata k = ks == null ? null : catalog.keyspace(ks).orElse(null);
    if (k == null && !catalog.keyspaces().isEmpty()) k = catalog.keyspaces().get(0);
    if (k != null) {
      strategy = ReplicationStrategies.fromCql(k.replication());
      placement = k.name() + " " + k.replication();
    }
    var ring = RingExplorers.of(new ReplicaMap(sim.ring(), strategy), placement);
    // The seconds of the scenario only: the report's timeline ends there, and the seconds after it (in-flight
    // operations timing out, the final heal and read-back) end at an instant the simulation may still be busy with.
    int seconds = (int) Math.min(Integer.MAX_VALUE - 1, (spec.durationMillis() + 999) / 1000);
    TrafficGauge t = sim.traffic();
    List<Long> sent = new ArrayList<>(), dropped = new ArrayList<>();
    List<Double> inFlight = new ArrayList<>();
    long[] s = t.sentPerSecond(), d = t.droppedPerSecond();
    double[] f = t.inFlightPerSecond();
    for (int i = 0; i < Math.min(seconds, s.length); i++) {
      sent.add(s[i]);
      dropped.add(d[i]);
      inFlight.add(f[i]);
    }
    return new RunViews(ring, sent, dropped, inFlight, sim.hintsGauge().perSecond(seconds));
  }
}
