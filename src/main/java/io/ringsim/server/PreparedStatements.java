package io.ringsim.server;

import com.datastax.oss.protocol.internal.response.result.ColumnSpec;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.BindVariable;
import io.ringsim.schema.CqlType;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One node's prepared statements, by id. As in Cassandra the id is the MD5 of the keyspace and the query text, so
 * every node gives the same id for the same statement, and each node keeps its own cache: a restarted node has
 * forgotten them and answers UNPREPARED, and the driver prepares again.
 */
final class PreparedStatements {
  /** What PREPARE worked out once, for every EXECUTE. {@code system}: the statement reads a system table. */
  record Entry(String query, String keyspace, Statement statement, boolean system, List<BindVariable> variables,
      int[] partitionKeyIndices, List<ColumnSpec> resultColumns, byte[] resultMetadataId) {
    /** {@code types} and {@code reversed}: of the result columns, for their digest ({@link ResultMetadataId}). */
    static Entry of(String query, String keyspace, Statement statement, boolean system,
        List<BindVariable> variables, int[] partitionKeyIndices, List<ColumnSpec> resultColumns, List<CqlType> types,
        List<Boolean> reversed) {
      return new Entry(query, keyspace, statement, system, variables, partitionKeyIndices, resultColumns,
          ResultMetadataId.of(resultColumns, types, reversed));
    }
  }

  private final Map<String, Entry> byId = new ConcurrentHashMap<>();
  /** The keyspace each id was computed with (absent: none), as system.prepared_statements logs it. */
  private final Map<String, String> loggedKeyspace = new ConcurrentHashMap<>();

  /** A row of system.prepared_statements: an id, the keyspace it was computed with (null: none), the query. */
  record Logged(byte[] id, String keyspace, String query) {}

  static byte[] id(String keyspace, String query) {
    return md5((keyspace == null ? "" : keyspace) + query);
  }

  /** Whether {@code s} names the keyspace of the table it reads or writes (Cassandra's fully qualified statement). */
  static boolean fullyQualified(Statement s) {
    Statement.TableName t = Statement.tableOf(s);
    return t != null && t.keyspace() != null;
  }

  static byte[] md5(String s) {
    try {
      return MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@code keyspace}: the one {@code id} was computed with ({@link #id}), null for none. */
  void put(byte[] id, String keyspace, Entry e) {
    String hex = HexFormat.of().formatHex(id);
    byId.put(hex, e);
    if (keyspace != null) loggedKeyspace.put(hex, keyspace);
    else loggedKeyspace.remove(hex);
  }

  /** What Cassandra's system.prepared_statements would hold: one row per id of every statement still prepared. */
  List<Logged> logged() {
    List<Logged> out = new java.util.ArrayList<>();
    byId.forEach((hex, e) -> out.add(new Logged(HexFormat.of().parseHex(hex), loggedKeyspace.get(hex), e.query())));
    return out;
  }

  Entry get(byte[] id) {
    return byId.get(HexFormat.of().formatHex(id));
  }

  /**
   * A table altered or dropped ({@code table} null: the whole keyspace dropped): its statements are forgotten, so
   * their next EXECUTE is UNPREPARED and the driver prepares again, getting the new columns, as with Cassandra 4.1
   * (seen with the oracle after ALTER TABLE ADD; Cassandra spares alterations of options that no statement depends
   * on, such as a comment, which ringsim does not tell apart).
   */
  void forget(String keyspace, String table) {
    byId.entrySet().removeIf(x -> {
      Entry e = x.getValue();
      Statement.TableName target = e.statement() == null ? null : Statement.tableOf(e.statement());
      if (target == null) return false;
      String ks = target.keyspace() != null ? target.keyspace() : e.keyspace();
      return keyspace.equals(ks) && (table == null || target.table().equals(table));
    });
    loggedKeyspace.keySet().retainAll(byId.keySet());
  }

  /** A restart: the node's cache lived in its memory. */
  void clear() {
    byId.clear();
    loggedKeyspace.clear();
  }
}
