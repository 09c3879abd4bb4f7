package io.ringsim.cluster.node;

import io.ringsim.cluster.net.TraceLog;
import io.ringsim.ring.LongToken;
import io.ringsim.ring.Partitioner;
import io.ringsim.ring.Token;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.Partition;
import io.ringsim.storage.PartitionCodec;
import io.ringsim.storage.TableSchema;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Tells the trace what a node message is: its kind (the names the messages have on the wire), request id, table,
 * token and newest write timestamp. Gossip is not described, so it is not recorded: it says nothing about a key.
 * Decoding a payload for its timestamp only happens when a run records a trace.
 */
public final class MessageDescriber implements TraceLog.Describer {
  private final Partitioner partitioner;
  private final Supplier<Catalog> catalog;
  private final Map<String, TableSchema> schemas = new HashMap<>();
  private Catalog schemasOf;
  /** A coordinator sends the same request to each replica: its key's token is computed once. */
  private byte[] lastKey;
  private long lastToken;

  public MessageDescriber(Partitioner partitioner, Supplier<Catalog> catalog) {
    this.partitioner = partitioner;
    this.catalog = catalog;
  }

  /** A token as one long: Murmur3's own value, else a hash of its printed form (only compared for equality). */
  public static long tokenLong(Token t) {
    if (t instanceof LongToken l) return l.value();
    long h = 1125899906842597L;
    String s = t.toString();
    for (int i = 0; i < s.length(); i++) h = 31 * h + s.charAt(i);
    return h == TraceLog.NO_TOKEN ? h + 1 : h;
  }

  /** Each message's kind: the name it has on the wire (NodeMessage's JSON type names), one source for both. */
  private static final Map<Class<?>, String> KINDS = kinds();

  private static Map<Class<?>, String> kinds() {
    Map<Class<?>, String> m = new HashMap<>();
    for (com.fasterxml.jackson.annotation.JsonSubTypes.Type t
        : NodeMessage.class.getAnnotation(com.fasterxml.jackson.annotation.JsonSubTypes.class).value()) {
      m.put(t.value(), t.name());
    }
    return Map.copyOf(m);
  }

  @Override
  public String kind(Object p) {
    return p instanceof NodeMessage ? KINDS.get(p.getClass()) : null;
  }

  @Override
  public long requestId(Object p) {
    return p instanceof NodeMessage m ? m.requestId() : -1;
  }

  @Override
  public boolean isReply(Object p) {
    return p instanceof NodeMessage.Reply;
  }

  @Override
  public String table(Object p) {
    if (p instanceof NodeMessage.Mutation m) return m.table();
    if (p instanceof NodeMessage.ReadData m) return m.table();
    if (p instanceof NodeMessage.RangeRead m) return m.table();
    if (p instanceof NodeMessage.PaxosPrepare m) return m.table();
    if (p instanceof NodeMessage.PaxosPropose m) return m.table();
    if (p instanceof NodeMessage.PaxosCommit m) return m.table();
    if (p instanceof NodeMessage.TreeRequest m) return m.table();
    if (p instanceof NodeMessage.Stream m) return m.table();
    if (p instanceof NodeMessage.CounterForward m) return m.table();
    return null;
  }

  @Override
  public long token(Object p) {
    byte[] key = null;
    if (p instanceof NodeMessage.Mutation m) {
      if (m.decodedUpdate() != null) return tokenLong(m.decodedUpdate().key().token());
      key = keyOf(m.update());
    } else if (p instanceof NodeMessage.ReadData m) key = m.key();
    else if (p instanceof NodeMessage.PaxosPrepare m) key = m.key();
    else if (p instanceof NodeMessage.PaxosPropose m) key = m.key();
    else if (p instanceof NodeMessage.PaxosCommit m) key = m.key();
    else if (p instanceof NodeMessage.CounterForward m) key = m.key();
    if (key == null) return TraceLog.NO_TOKEN;
    if (key != lastKey) {
      lastToken = tokenLong(partitioner.token(key));
      lastKey = key;
    }
    return lastToken;
  }

  @Override
  public long timestamp(Object p, String table) {
    if (p instanceof NodeMessage.Mutation m) {
      Partition d = m.decodedUpdate();
      if (d != null) return d.maxTimestamp();
      return newest(m.table(), m.update());
    }
    // A read reply's timestamp is recorded by its coordinator once it has decoded the answers ("answer" events):
    // decoding every reply here as well made recording cost a fifth more run time.
    return -1;
  }

  private long newest(String table, byte[] encoded) {
    TableSchema schema = schema(table);
    if (schema == null) return -1;
    try {
      return PartitionCodec.decode(encoded, schema).maxTimestamp();
    } catch (IllegalArgumentException e) {
      return -1;
    }
  }

  private TableSchema schema(String table) {
    Catalog c = catalog.get();
    if (c != schemasOf) {
      schemas.clear();
      schemasOf = c;
    }
    return schemas.computeIfAbsent(table, t -> {
      TableMetadata md = c.table(t).orElse(null);
      return md == null ? null : TableSchema.of(md, partitioner);
    });
  }

  /** The partition key at the head of an encoded update (a length, then the key's bytes; see PartitionCodec). */
  private static byte[] keyOf(byte[] update) {
    if (update.length < 4) return null;
    int n = ((update[0] & 0xFF) << 24) | ((update[1] & 0xFF) << 16) | ((update[2] & 0xFF) << 8) | (update[3] & 0xFF);
    if (n < 0 || n > update.length - 4) return null;
    return java.util.Arrays.copyOfRange(update, 4, 4 + n);
  }
}
