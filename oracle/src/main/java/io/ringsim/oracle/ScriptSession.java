package io.ringsim.oracle;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.cassandra.cql3.ColumnSpecification;
import org.apache.cassandra.cql3.QueryOptions;
import org.apache.cassandra.cql3.ResultSet;
import org.apache.cassandra.db.ColumnFamilyStore;
import org.apache.cassandra.db.ConsistencyLevel;
import org.apache.cassandra.db.Keyspace;
import org.apache.cassandra.index.Index;
import org.apache.cassandra.schema.Schema;
import org.apache.cassandra.service.ClientState;
import org.apache.cassandra.service.QueryState;
import org.apache.cassandra.service.pager.PagingState;
import org.apache.cassandra.transport.Dispatcher;
import org.apache.cassandra.transport.Message;
import org.apache.cassandra.transport.ProtocolVersion;
import org.apache.cassandra.transport.messages.ErrorMessage;
import org.apache.cassandra.transport.messages.QueryMessage;
import org.apache.cassandra.transport.messages.ResultMessage;

/**
 * Runs statements as one client connection would, without a driver: each statement is a native-protocol QUERY
 * message executed by the server's own code, so results, error codes and messages are what a driver receives.
 * Settings of shared/cql/README.md: consistency ONE, page size 5000 (pages are followed), protocol v5 with
 * now_in_seconds frozen for the whole script so TTL() reads back exactly what was written.
 */
final class ScriptSession {
  private static final int PAGE_SIZE = 5000;
  private static final long INDEX_BUILD_TIMEOUT_MILLIS = 60_000;

  /** The connection's state, kept across statements: USE changes its keyspace. */
  private final ClientState client = ClientState.forExternalCalls(new InetSocketAddress("127.0.0.1", 0));
  private int nowInSeconds;

  ScriptSession(int nowInSeconds) {
    this.nowInSeconds = nowInSeconds;
  }

  /** {@code -- @advance}: later statements are sent with a now_in_seconds that many seconds later. */
  void advance(long seconds) {
    nowInSeconds = Math.toIntExact(nowInSeconds + seconds);
  }

  /** The connection's keyspace (USE), carried over to the next JVM at a restart as a driver would re-USE it. */
  String keyspace() {
    return client.getRawKeyspace();
  }

  void useKeyspace(String keyspace) {
    if (!keyspace.isEmpty()) client.setKeyspace(keyspace);
  }

  /** One statement's result: either columns and rows of JSON values, or an error class and message. */
  record Outcome(List<String> columns, List<List<Object>> rows, String errorClass, String message) {
    boolean ok() {
      return errorClass == null;
    }
  }

  /** {@code -- @flush}: nodetool flush of every user table (ColumnFamilyStore.forceBlockingFlush). */
  static void flushUserTables() {
    for (ColumnFamilyStore table : userTables()) table.forceBlockingFlush(ColumnFamilyStore.FlushReason.USER_FORCED);
  }

  /** {@code -- @compact}: nodetool compact, a major compaction of every user table's SSTables (memtables stay). */
  static void compactUserTables() {
    for (ColumnFamilyStore table : userTables()) table.forceMajorCompaction();
  }

  private static List<ColumnFamilyStore> userTables() {
    List<ColumnFamilyStore> tables = new ArrayList<>();
    for (String ks : Schema.instance.getUserKeyspaces()) tables.addAll(Keyspace.open(ks).getColumnFamilyStores());
    return tables;
  }

  Outcome execute(String cql) {
    List<String> columns = new ArrayList<>();
    List<List<Object>> rows = new ArrayList<>();
    PagingState paging = null;
    do {
      Message.Response response = executeOnce(cql, paging);
      if (response instanceof ErrorMessage error) {
        return new Outcome(List.of(), List.of(), ErrorClassNames.of(error.error.code()), error.error.getMessage());
      }
      paging = null;
      if (response instanceof ResultMessage.Rows page) {
        ResultSet result = page.result;
        int width = result.metadata.getColumnCount(); // names beyond this are internal, never sent
        List<ColumnSpecification> specs = result.metadata.names.subList(0, width);
        if (columns.isEmpty()) specs.forEach(spec -> columns.add(spec.name.toString()));
        for (List<ByteBuffer> row : result.rows) {
          List<Object> values = new ArrayList<>(width);
          for (int i = 0; i < width; i++) values.add(CqlValueJson.toJson(specs.get(i).type, row.get(i)));
          rows.add(values);
        }
        paging = result.metadata.getPagingState();
      } else if (response instanceof ResultMessage.SchemaChange) {
        awaitQueryableIndexes();
      }
    } while (paging != null);
    return new Outcome(columns, rows, null, null);
  }

  private Message.Response executeOnce(String cql, PagingState paging) {
    QueryOptions options = QueryOptions.create(ConsistencyLevel.ONE, List.of(), false, PAGE_SIZE, paging,
        ConsistencyLevel.SERIAL, ProtocolVersion.V5, null, Long.MIN_VALUE, nowInSeconds);
    // A fresh QueryState per request: it fixes the write timestamp, and sharing one would give every write the
    // same timestamp (ties are then decided by value, and upserts look broken).
    return new QueryMessage(cql, options)
        .execute(new QueryState(client), Dispatcher.RequestTime.forImmediateExecution());
  }

  /** CREATE INDEX returns before the index is built; the next statement must find it queryable, as a driver would after its schema agreement wait plus a while. */
  private static void awaitQueryableIndexes() {
    long deadline = System.currentTimeMillis() + INDEX_BUILD_TIMEOUT_MILLIS;
    while (!allIndexesQueryable() && System.currentTimeMillis() < deadline) {
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private static boolean allIndexesQueryable() {
    for (ColumnFamilyStore table : ColumnFamilyStore.all()) {
      for (Index index : table.indexManager.listIndexes()) {
        if (!table.indexManager.isIndexQueryable(index)) return false;
      }
    }
    return true;
  }
}
