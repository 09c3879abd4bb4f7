package io.ringsim.sim;

import io.ringsim.report.Anomaly;
import io.ringsim.report.Check;
import io.ringsim.report.HotPartition;
import io.ringsim.report.PartitionSizeReport;
import io.ringsim.report.RunReport;
import io.ringsim.report.TableStorage;
import io.ringsim.report.TimeSeriesRecorder;
import io.ringsim.ring.Ring;
import io.ringsim.ring.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Fills the report model (package report) from a run's result and history: {@link RunOutcome#report}. */
final class ReportMapper {
  private ReportMapper() {}

  /** The operations of one partition in the history, by kind. */
  private static final class ReadsAndWrites {
    long reads;
    long writes;
  }

  /** Cassandra's 100 MB partition guideline, scaled to simulated data sets (about 10,000 times smaller). */
  public static final double GUIDELINE_SCALE = 1e-4;

  static RunReport toReport(RunResult r, Ring ring, List<OpRecord> history, String version,
      Map<String, PartitionSizeReport.Measured> sizes) {
    long bucket = Metrics.bucketMillis(r.simulatedMillis());
    RunReport.Builder b = RunReport.builder(r.scenario()).description(r.description()).seed(r.seed())
        .simulatedMillis(r.simulatedMillis()).bucketMillis(bucket).version(version)
        .partitioner(ring.partitioner().name());
    if (r.clientRetries() != null) b.clientRetries(r.clientRetries());
    for (RunResult.NodeRow n : r.nodes()) {
      List<String> tokens = new ArrayList<>();
      var node = ring.node(ring.indexOf(n.name()));
      for (Token t : node.tokens()) tokens.add(t.toString());
      b.node(n.name(), n.dc(), n.rack(), tokens, n.effectiveOwnership(), n.upAtEnd());
      b.load(n.name(), n.partitions(), n.rows(), n.bytes(), n.coordinated(), n.replicaWrites() + n.replicaReads());
    }
    // The strategy column carries run.json's "keyspace replication" text, as summary.json always has.
    RunResult.OwnershipKeyspace owned = r.replicationUsedForOwnership();
    if (owned.keyspace() != null) b.keyspace(owned.keyspace(), owned.text(), Map.of());
    for (RunResult.TableRow t : r.tables()) {
      String[] kt = t.table().split("\\.", 2);
      b.storage(new TableStorage(kt[0], kt.length > 1 ? kt[1] : "", t.node(), t.sstables(), t.sstableBytes(),
          t.liveBytes(), t.memtableBytes(), t.readAmplification(), t.maxSSTablesPerRead(), t.bloomFalsePositiveRatio(),
          t.tombstonesScanned(), t.tombstoneWarnings(), t.writeAmplification()));
    }
    Map<Metrics.TablePartition, ReadsAndWrites> rw = new TreeMap<>();
    for (OpRecord op : history) {
      ReadsAndWrites c = rw.computeIfAbsent(Metrics.partitionOf(op), k -> new ReadsAndWrites());
      if (op.type().isRead()) c.reads++;
      else c.writes++;
    }
    for (RunResult.PartitionOps h : r.hottestPartitions()) {
      ReadsAndWrites c = rw.getOrDefault(new Metrics.TablePartition(h.table(), h.key()), new ReadsAndWrites());
      String[] kt = h.table().split("\\.", 2);
      b.hot(new HotPartition(kt[0], kt.length > 1 ? kt[1] : "", h.key(), c.reads, c.writes, List.of()));
    }
    long guideline = PartitionSizeReport.scaledGuideline(GUIDELINE_SCALE);
    sizes.forEach((t, stats) -> {
      String[] p = t.split("\\.", 2);
      b.partitionSizes(PartitionSizeReport.from(p[0], p.length > 1 ? p[1] : "", stats, 10, guideline,
          Say.EN.get("say.sizes.guideline")));
    });
    TimeSeriesRecorder rec = new TimeSeriesRecorder(bucket);
    for (OpRecord op : history) {
      rec.record(op.completeMicros() / 1000, op.coordinator(), op.consistency().name(), op.ok() ? null
          : op.error() == null ? op.outcome().label() : op.error(),
          Math.max(0, op.completeMicros() - op.invokeMicros()));
    }
    for (RunResult.ThrottledPoint p : r.throttledTimeline()) rec.throttled(p.startMillis(), p.consistency(), p.operations());
    b.timeSeries(rec);
    for (RunResult.Event e : r.events()) {
      String node = e.text().split(" ")[0];
      b.event(e.atMicros() / 1000, e.kind(), node.matches("n[0-9]+") ? node : "", e.text());
    }
    for (Checker.Anomaly a : r.anomalies()) {
      String[] tk = a.key().split(" ", 2); // the checker's rows are "keyspace.table key"
      b.anomaly(new Anomaly(a.kind().label(), tk[0], tk.length > 1 ? tk[1] : a.key(), a.atMicros() / 1000,
          a.consistency(), a.detail(), a.cell()));
    }
    for (RunResult.CheckRow c : r.checks()) {
      b.check(c.check(), Check.Verdict.valueOf(c.verdict().name()), c.detail());
    }
    b.unlistedAnomalies(r.anomalyCounts().unlistedByKind());
    RunResult.AnomalyCounts ac = r.anomalyCounts();
    if (r.historyRecorded()) {
      b.metric("consistency", m("reads-checked"), ac.readsChecked(), "", m("reads-checked.detail"));
      b.metric("consistency", m("keys-read-back"), ac.keysChecked(), "", m("after-healing"));
      b.metric("consistency", m("stale-reads"), ac.staleReads(), "", "");
      b.metric("consistency", m("lost-writes"), ac.lostWrites(), "", "");
      // Only when there is something to say, so that a run with everything judged and listed writes what it did.
      if (ac.anomaliesUnlisted() > 0) {
        long total = r.anomalies().size() + ac.anomaliesUnlisted();
        b.metric("consistency", m("anomalies"), total, "", Say.EN.f("say.metric.anomalies.listed",
            r.anomalies().size(), total));
      }
      for (NotJudged n : NotJudged.values()) {
        Long count = ac.notJudged().get(n.key());
        if (count != null && count > 0)
          b.metric("consistency", Say.EN.f("say.metric.not-judged", n.key()), count, "", n.reason());
      }
    } else {
      b.metric("consistency", m("reads-checked"), 0, "", m("history-off"));
    }
    long hints = 0, replayed = 0, repairs = 0;
    for (RunResult.NodeRow n : r.nodes()) {
      hints += n.hintsStored();
      replayed += n.hintsReplayed();
      repairs += n.readRepairs();
    }
    b.metric("repair", m("hints-stored"), hints, "", m("hints-stored.detail"));
    b.metric("repair", m("hints-replayed"), replayed, "", "");
    b.metric("repair", m("read-repairs"), repairs, "", m("read-repairs.detail"));
    b.metric("workload", m("operations"), r.operations(), "", "");
    b.metric("workload", m("throttled"), r.throttled(), "", m("throttled.detail"));
    return b.build();
  }

  /** A figure's name or detail: its say.metric.* label in English, as summary.json keeps it. */
  private static String m(String key) {
    return Say.EN.get("say.metric." + key);
  }
}
