package io.ringsim.sim.trace;

import io.ringsim.cluster.net.TraceLog;
import io.ringsim.cluster.node.MessageDescriber;
import io.ringsim.ring.ReplicaMap;
import io.ringsim.ring.ReplicationStrategies;
import io.ringsim.ring.Ring;
import io.ringsim.ring.Token;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.KeyspaceMetadata;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Turns what a run recorded ({@link TraceLog}) into the {@link TraceModel} written to trace.jsonl, within the record
 * cap: a run that recorded more keeps every record of the keys the checker found anomalies on, a deterministic sample
 * of the other keys (one token in {@link TraceLog#SAMPLE_ONE_IN}) and every node event that names no key.
 */
public final class TraceCapture {
  private TraceCapture() {}

  /** The default record cap: 500,000 records, about 30 MB of trace.jsonl before compression. */
  public static final long DEFAULT_RECORD_CAP = 500_000;

  /** Past this many keys only the anomalies' keys and the sample are listed. */
  static final int KEY_CAP = 100_000;

  /** A key the workloads used: table, text as cqlsh prints it, serialized partition key. */
  public record KeyInput(String table, String key, byte[] partitionKey) {}

  /**
   * @param anomalyRows the rows ("keyspace.table key") the checker reported
   */
  public static TraceModel capture(TraceLog log, Ring ring, Catalog catalog, List<KeyInput> keys,
      List<TraceModel.Fault> faults, Set<String> anomalyRows, long recordCap) {
    // Keys first: their tokens decide what a trimmed trace keeps.
    Map<String, ReplicaMap> replicaMaps = new TreeMap<>();
    List<TraceModel.KeyInfo> infos = new ArrayList<>();
    Set<Long> anomalyTokens = new HashSet<>();
    List<KeyInput> sorted = new ArrayList<>(keys);
    sorted.sort((a, b) -> a.table().equals(b.table()) ? a.key().compareTo(b.key()) : a.table().compareTo(b.table()));
    boolean allKeys = sorted.size() <= KEY_CAP;
    KeyInput previous = null;
    for (KeyInput k : sorted) {
      if (previous != null && previous.table().equals(k.table()) && previous.key().equals(k.key())) continue;
      previous = k;
      Token token = ring.partitioner().token(k.partitionKey());
      long t = MessageDescriber.tokenLong(token);
      boolean anomalous = anomalyRows.contains(k.table() + " " + k.key());
      if (anomalous) anomalyTokens.add(t);
      if (!allKeys && !anomalous && !TraceLog.sampled(t)) continue;
      List<String> replicas = new ArrayList<>();
      ReplicaMap map = replicaMap(replicaMaps, ring, catalog, k.table());
      if (map != null) for (var n : map.replicasFor(token)) replicas.add(n.name());
      infos.add(new TraceModel.KeyInfo(k.table(), k.key(), token.toString(), t, replicas));
    }
    boolean trim = log.size() > recordCap;
    List<TraceModel.Msg> msgs = new ArrayList<>(trim ? 1024 : log.size());
    List<String> names = log.names(), kinds = log.kinds(), tables = log.tables();
    for (int i = 0; i < log.size(); i++) {
      long token = log.token(i);
      int outcome = log.outcome(i);
      if (trim) {
        boolean keep = token == TraceLog.NO_TOKEN ? outcome == TraceLog.EVENT
            : anomalyTokens.contains(token) || TraceLog.sampled(token);
        if (!keep) continue;
      }
      int table = log.table(i);
      msgs.add(new TraceModel.Msg(log.sendNanos(i) / 1000, log.arriveNanos(i) / 1000, names.get(log.from(i)),
          names.get(log.to(i)), kinds.get(log.kind(i)), TraceLog.OUTCOMES.get(outcome),
          table < 0 ? "" : tables.get(table), token, log.requestId(i), log.timestamp(i)));
    }
    TraceModel.Header h = new TraceModel.Header(ring.partitioner().name(), recordCap, log.seen(), msgs.size(),
        TraceLog.SAMPLE_ONE_IN);
    return new TraceModel(h, msgs, List.copyOf(faults), infos);
  }

  private static ReplicaMap replicaMap(Map<String, ReplicaMap> cache, Ring ring, Catalog catalog, String table) {
    String ks = table.contains(".") ? table.substring(0, table.indexOf('.')) : table;
    if (cache.containsKey(ks)) return cache.get(ks);
    KeyspaceMetadata k = catalog.keyspace(ks).orElse(null);
    ReplicaMap m = k == null ? null : ring.replicaMap(ReplicationStrategies.fromCql(k.replication()));
    cache.put(ks, m);
    return m;
  }
}
