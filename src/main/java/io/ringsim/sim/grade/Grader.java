package io.ringsim.sim.grade;

import com.typesafe.config.ConfigFactory;
import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.ClientSession;
import io.ringsim.cluster.SimCluster;
import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.cluster.node.NodeCommand;
import io.ringsim.cql.exec.Values;
import io.ringsim.cql.exec.WritePlanner;
import io.ringsim.ring.Partitioners;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.Ring;
import io.ringsim.ring.SimpleStrategy;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import io.ringsim.sim.grade.Assignment.Entity;
import io.ringsim.sim.grade.GradeResult.Criterion;
import io.ringsim.storage.TableSchema;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Grades a submission against an assignment: runs its schema on a simulated cluster, loads a sample of the
 * generated instances through the coordinators into every table that holds their attributes, runs each access
 * pattern's query for many parameter values, and checks the limits over the whole model at full scale.
 */
public final class Grader {
  /** The keyspace the submission's tables are created in. */
  public static final String KEYSPACE = "grading";
  /** Writes in flight at once while loading. */
  private static final int IN_FLIGHT = 512;

  private Grader() {}

  /** @param sampleOverride how many instances of each entity to load (null: the assignment's {@code sample}) */
  public static GradeResult grade(Assignment a, Submission s, Integer sampleOverride) {
    int sample = sampleOverride != null ? sampleOverride : a.sample();
    Assignment.ClusterShape shape = a.cluster();
    Ring ring = ClusterBuilder.ring(List.of(new ClusterBuilder.Dc("datacenter1", shape.nodes(), 1)), shape.vnodes(),
        "balanced", a.seed(), Partitioners.byName("murmur3"), ClusterBuilder.defaultAllocationReplication());
    try (SimCluster sim = ClusterBuilder.start(ring, a.seed(), ConfigFactory.load())) {
      long epochMicros = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli() * 1000;
      sim.setClockEpoch(epochMicros - sim.nowNanos() / 1000);
      ClientSession session = new ClientSession(sim, a.seed());
      session.setConsistency(ConsistencyLevel.ALL);
      session.execute("CREATE KEYSPACE " + KEYSPACE + " WITH replication = {'class': 'SimpleStrategy', "
          + "'replication_factor': " + shape.replication() + "}");
      session.setKeyspace(KEYSPACE);
      List<SubmissionSchema.Owned> tables = SubmissionSchema.tables(a, s, session);
      List<SubmissionSchema.Query> queries = SubmissionSchema.queries(a, s, session);

      // The sample: a prefix of each entity's instances, written into every table of that entity.
      Map<String, List<Entities.Instance>> loaded = new LinkedHashMap<>();
      for (int ei = 0; ei < a.entities().size(); ei++) {
        Entity e = a.entities().get(ei);
        List<Entities.Instance> inst = Entities.first(a.seed(), ei, e, (int) Math.min(sample, e.count()));
        loaded.put(e.name(), inst);
        List<TableMetadata> mine = tables.stream().filter(o -> o.entity() == e).map(SubmissionSchema.Owned::table)
            .toList();
        load(sim, mine, e, inst, a.seed());
      }

      List<Criterion> criteria = new ArrayList<>();
      List<GradeResult.QueryReport> reports = new ArrayList<>();
      QueryJudge judge = new QueryJudge(a, s.file(), session, shape.nodes());
      session.setConsistency(ConsistencyLevel.ONE);
      for (int qi = 0; qi < queries.size(); qi++) {
        SubmissionSchema.Query q = queries.get(qi);
        Entity e = a.entities().stream().filter(x -> x.name().equals(q.pattern().entity())).findFirst().orElseThrow();
        QueryJudge.Verdict v = judge.judge(q, e, loaded.get(e.name()), qi);
        criteria.addAll(v.criteria());
        reports.add(v.report());
      }

      // The limits, at full scale.
      ReplicaMap replicas = ring.replicaMap(new SimpleStrategy(shape.replication()));
      long[] nodeBytes = new long[shape.nodes()];
      List<GradeResult.TableReport> tableReports = new ArrayList<>();
      Map<String, FullScale.Figures> full = new LinkedHashMap<>();
      for (int ei = 0; ei < a.entities().size(); ei++) {
        Entity e = a.entities().get(ei);
        List<SubmissionSchema.Owned> mine = tables.stream().filter(o -> o.entity() == e).toList();
        if (mine.isEmpty()) continue;
        List<TableMetadata> mt = mine.stream().map(SubmissionSchema.Owned::table).toList();
        List<FullScale.Figures> all = FullScale.compute(a, ei, e, mt, ring.partitioner(), replicas, shape.nodes(),
            e.count());
        List<FullScale.Figures> part = FullScale.compute(a, ei, e, mt, ring.partitioner(), replicas, shape.nodes(),
            loaded.get(e.name()).size());
        for (int t = 0; t < mt.size(); t++) {
          FullScale.Figures f = all.get(t);
          full.put(f.table(), f);
          for (int nd = 0; nd < nodeBytes.length; nd++) nodeBytes[nd] += f.nodeBytes()[nd];
          long measured = measuredLargest(sim, mt.get(t));
          long[] sorted = f.partitionBytes().clone();
          java.util.Arrays.sort(sorted);
          tableReports.add(new GradeResult.TableReport(f.table(), e.name(), f.partitions(), f.rows(),
              f.overwrites(), percentile(sorted, 0.50), percentile(sorted, 0.99),
              f.largest() == null ? "" : f.largest().key(), f.largest() == null ? 0 : f.largest().bytes(),
              f.largest() == null ? 0 : f.largest().rows(), f.mostRows() == null ? "" : f.mostRows().key(),
              f.mostRows() == null ? 0 : f.mostRows().rows(),
              part.get(t).largest() == null ? 0 : part.get(t).largest().bytes(), measured));
        }
      }
      List<GradeResult.NodeLoad> loads = new ArrayList<>();
      for (int nd = 0; nd < nodeBytes.length; nd++) loads.add(new GradeResult.NodeLoad(ring.node(nd).name(),
          nodeBytes[nd]));
      criteria.addAll(LimitsJudge.judge(a, tableReports, loads, scaleEntity(a)));

      int score = (int) criteria.stream().filter(Criterion::passed).count();
      Entity main = a.entities().get(0);
      GradeResult.Scale scale = new GradeResult.Scale(main.name(), main.count(),
          loaded.get(main.name()).size(), shape.nodes(), shape.vnodes(), shape.replication());
      return new GradeResult(a.file(), a.name(), s.file(), scale, score, criteria.size(), criteria, reports,
          tableReports, loads);
    }
  }

  private static String scaleEntity(Assignment a) {
    List<String> parts = new ArrayList<>();
    for (Entity e : a.entities()) parts.add(String.format("%,d %s", e.count(), GradeText.plural(e.name())));
    return String.join(", ", parts);
  }

  static long percentile(long[] sorted, double q) {
    if (sorted.length == 0) return 0;
    int i = (int) Math.ceil(q * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
  }

  /** The largest partition of {@code t} among the nodes, as the nodes measure it (primary replicas only). */
  private static long measuredLargest(SimCluster sim, TableMetadata t) {
    long max = 0;
    for (String n : sim.nodeNames()) {
      NodeCommand.NodePartitionSizes sizes = sim.partitionSizes(n, 1, true);
      NodeCommand.TableSizes ts = sizes.byTable().get(t.qualifiedName());
      if (ts == null) continue;
      for (long b : ts.bytes()) max = Math.max(max, b);
    }
    return max;
  }

  /** Writes every instance into every table through the coordinators (round robin), at ALL. */
  private static void load(SimCluster sim, List<TableMetadata> tables, Entity e, List<Entities.Instance> instances,
      long seed) {
    if (tables.isEmpty()) return;
    Values values = new Values(0, seed);
    List<String> coordinators = sim.nodeNames();
    List<TableSchema> schemas = new ArrayList<>();
    for (TableMetadata t : tables) schemas.add(TableSchema.of(t, sim.ring().partitioner()));
    List<CompletableFuture<ClientResponse>> pending = new ArrayList<>();
    int next = 0;
    for (Entities.Instance inst : instances) {
      for (int t = 0; t < tables.size(); t++) {
        TableMetadata md = tables.get(t);
        Map<String, Object> row = new HashMap<>();
        for (ColumnDef c : md.columns()) row.put(c.name(), inst.value(e, c.name()));
        WritePlanner.RowWrite w = WritePlanner.rowInsert(md, schemas.get(t), row, 0, values);
        String coord = coordinators.get(next++ % coordinators.size());
        pending.add(sim.submit(coord, new ClientRequest.Write(md.qualifiedName(), w.key(),
            (ts, now) -> w.update().build(ts, now), ConsistencyLevel.ALL, false), ClientRequest.CLIENT_TIMEOUT)
            .toCompletableFuture());
        if (pending.size() >= IN_FLIGHT) drain(sim, pending);
      }
    }
    drain(sim, pending);
  }

  private static void drain(SimCluster sim, List<CompletableFuture<ClientResponse>> pending) {
    for (CompletableFuture<ClientResponse> f : pending) {
      ClientResponse r = sim.await(f);
      if (!(r instanceof ClientResponse.WriteDone)) {
        throw new IllegalStateException("loading the sample: a write failed on a healthy cluster: " + r);
      }
    }
    pending.clear();
  }
}
