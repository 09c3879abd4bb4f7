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
  public static CapturedTrace capture(TraceLog log, Ring ring, Catalog catalog, List<KeyInput> keys,
      List<TraceModel.Fault> faults, Set<String> anomalyRows, long recordCap) {
    log.freeze();
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
    // The file gets every kept record, streamed from the log; the model the stories are told from only needs the
    // anomalies' keys and the events that name no key (a hint replay), which spares a record object per message.
    java.util.function.IntPredicate kept = i -> {
      if (!trim) return true;
      long token = log.token(i);
      return token == TraceLog.NO_TOKEN ? log.outcome(i) == TraceLog.EVENT
          : anomalyTokens.contains(token) || TraceLog.sampled(token);
    };
    long written = 0;
    List<TraceModel.Msg> msgs = new ArrayList<>();
    for (int i = 0; i < log.size(); i++) {
      if (!kept.test(i)) continue;
      written++;
      long token = log.token(i);
      if (token == TraceLog.NO_TOKEN ? log.outcome(i) == TraceLog.EVENT : anomalyTokens.contains(token))
        msgs.add(msg(log, i));
    }
    TraceModel.Header h = new TraceModel.Header(ring.partitioner().name(), recordCap, log.seen(), written,
        TraceLog.SAMPLE_ONE_IN);
    return new CapturedTrace(new TraceModel(h, msgs, List.copyOf(faults), infos), log, kept);
  }

  /** Record {@code i} of the log as the model holds it. */
  static TraceModel.Msg msg(TraceLog log, int i) {
    int table = log.table(i);
    return new TraceModel.Msg(log.sendNanos(i) / 1000, log.arriveNanos(i) / 1000, log.names().get(log.from(i)),
        log.names().get(log.to(i)), log.kinds().get(log.kind(i)), TraceLog.OUTCOMES.get(log.outcome(i)),
        table < 0 ? "" : log.tables().get(table), log.token(i), log.requestId(i), log.timestamp(i));
  }

  /**
   * What a run recorded, ready to write: the model its stories are told from (the anomalies' keys only) and the log
   * the file is streamed from, with the records it keeps.
   */
  public record CapturedTrace(TraceModel model, TraceLog log, java.util.function.IntPredicate kept) {
    /** Writes trace.jsonl (or trace.jsonl.gz) into {@code dir}. */
    public java.nio.file.Path write(java.nio.file.Path dir) throws java.io.IOException {
      return TraceFile.write(dir, this);
    }
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
