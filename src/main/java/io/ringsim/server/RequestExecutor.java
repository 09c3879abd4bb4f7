package io.ringsim.server;

import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.request.Batch;
import com.datastax.oss.protocol.internal.request.Execute;
import com.datastax.oss.protocol.internal.request.Prepare;
import com.datastax.oss.protocol.internal.request.Query;
import com.datastax.oss.protocol.internal.request.query.QueryOptions;
import com.datastax.oss.protocol.internal.response.error.Unprepared;
import com.datastax.oss.protocol.internal.response.result.ColumnSpec;
import com.datastax.oss.protocol.internal.response.result.Prepared;
import com.datastax.oss.protocol.internal.response.result.RowsMetadata;
import com.datastax.oss.protocol.internal.response.result.SetKeyspace;
import com.datastax.oss.protocol.internal.response.result.Void;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.ClientSession;
import io.ringsim.cluster.node.TraceEvent;
import io.ringsim.cluster.node.TraceParts;
import io.ringsim.cluster.node.TraceStage;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.BindVariable;
import io.ringsim.cql.exec.PagingStateException;
import io.ringsim.cql.exec.ResultSet;
import io.ringsim.cql.exec.SelectColumns;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.CqlType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Runs one client request (QUERY, PREPARE, EXECUTE, BATCH) on a node of a served cluster and builds the protocol
 * answer. It runs on a worker thread and waits for the coordinator's answer while the pacer moves virtual time.
 * The coordinator is always the node the client is connected to, as with a real cluster.
 */
final class RequestExecutor {
  /** An answer and the warnings that go in its frame. */
  record Reply(Message message, List<String> warnings, java.util.UUID tracingId) {
    Reply(Message message, List<String> warnings) {
      this(message, warnings, null);
    }

    static Reply of(Message m) {
      return new Reply(m, List.of());
    }

    Reply traced(java.util.UUID id) {
      return new Reply(message, warnings, id);
    }
  }

  /**
   * The trace of the request this worker thread is running, when its frame asked for tracing. A thread runs one
   * request at a time, so the statement path needs no extra parameter for it.
   */
  private static final ThreadLocal<TraceParts> TRACE = new ThreadLocal<>();

  /**
   * What an EXECUTE asks of a result's column metadata: to leave it out ({@code skip}); in v5 the id of the columns
   * the client holds ({@code clientId}, from PREPARED or a later METADATA_CHANGED; null before v5). A QUERY
   * ({@link #NONE}) always gets the metadata.
   */
  record MetadataAsk(boolean execute, boolean skip, byte[] clientId, byte[] preparedId, boolean conditional,
      List<Boolean> reversed) {
    static final MetadataAsk NONE = new MetadataAsk(false, false, null, null, false, List.of());
  }

  /** A conditional statement's rows ([applied] and the current values) vary: Cassandra never skips them. */
  private static boolean conditional(Statement s) {
    return s instanceof Statement.Insert i && i.ifNotExists()
        || s instanceof Statement.Update u && (u.ifExists() || !u.conditions().isEmpty())
        || s instanceof Statement.Delete d && (d.ifExists() || !d.conditions().isEmpty());
  }

  /** What a connection remembers between requests: its keyspace (USE, or the driver's session keyspace). */
  static final class Session {
    volatile String keyspace;
    /** Which connection: the checker's unit for read-your-writes. */
    final int client;
    /** The connecting client's address (system_traces.sessions.client); null until the channel is active. */
    volatile java.net.InetAddress clientAddress;

    Session(int client) {
      this.client = client;
    }
  }

  private final ServedCluster served;
  /** DDL reads the catalog and writes the next one: one at a time, or two changes would lose one. */
  private final Object ddl = new Object();

  RequestExecutor(ServedCluster served) {
    this.served = served;
  }

  /**
   * Runs a request; with {@code tracing} it is traced and the answer carries the trace session's id. The session is
   * timed on the served cluster's clock (the nodes' clocks show the wall clock's date), as Cassandra's coordinator
   * times it on its own.
   */
  Reply execute(String node, Session session, Message m, boolean tracing) {
    if (!tracing) return execute(node, session, m);
    long start = served.cluster().clockNowMicros();
    TraceParts trace = new TraceParts();
    if (m instanceof Query q) {
      // Cassandra's first two events for a QUERY (QueryProcessor.parseStatement and getStatement, on the native
      // transport's request thread); ringsim too parses and prepares the text on each request.
      trace.append(List.of(new TraceEvent(start, node, TraceStage.NATIVE_TRANSPORT, "Parsing " + q.query),
          new TraceEvent(start, node, TraceStage.NATIVE_TRANSPORT, "Preparing statement")));
    }
    TRACE.set(trace);
    try {
      Reply r = execute(node, session, m);
      String command = m instanceof Execute ? "EXECUTE" : m instanceof Batch ? "BATCH" : "QUERY";
      String request = m instanceof Execute ? "Execute CQL3 prepared query"
          : m instanceof Batch ? "Execute batch of CQL3 queries" : "Execute CQL3 query";
      java.util.UUID id = served.traces().record(new TraceStore.Request(node, session.clientAddress, command,
          request, traceParameters(m, command), start, served.cluster().clockNowMicros()), trace);
      return r.traced(id);
    } finally {
      TRACE.remove();
    }
  }

  /** A session's parameters as Cassandra lists them: the statement's text and the options it ran with. */
  private static java.util.Map<String, String> traceParameters(Message m, String command) {
    java.util.Map<String, String> params = new java.util.TreeMap<>();
    QueryOptions o = m instanceof Query q ? q.options : m instanceof Execute e ? e.options : null;
    params.put("query", m instanceof Query q ? q.query : m instanceof Prepare p ? p.cqlQuery : command.toLowerCase());
    int consistency = o != null ? o.consistency : m instanceof Batch b ? b.consistency : -1;
    int serial = o != null ? o.serialConsistency : m instanceof Batch b ? b.serialConsistency : -1;
    if (consistency >= 0) params.put("consistency_level", ProtocolValues.consistency(consistency).name());
    if (serial >= 0) params.put("serial_consistency_level", ProtocolValues.consistency(serial).name());
    if (o != null && o.pageSize > 0) params.put("page_size", Integer.toString(o.pageSize));
    return params;
  }

  Reply execute(String node, Session session, Message m) {
    REQUEST.set(RequestIdentity.of(m));
    try {
      return executeIdentified(node, session, m);
    } finally {
      REQUEST.remove();
    }
  }

  /** The identity of the request this thread runs ({@link RequestIdentity}), for the clients' history. */
  private static final ThreadLocal<String> REQUEST = new ThreadLocal<>();

  private ClientHistory.Sender sender(Session session) {
    java.net.InetAddress a = session.clientAddress;
    return new ClientHistory.Sender(a == null ? "" : a.getHostAddress(), REQUEST.get());
  }

  private Reply executeIdentified(String node, Session session, Message m) {
    ConsistencyLevel cl = ConsistencyLevel.ONE;
    String writeType = "SIMPLE";
    try {
      if (m instanceof Query q) {
        cl = ProtocolValues.consistency(q.options.consistency);
        return query(node, session, q.query, q.options);
      }
      if (m instanceof Prepare p) return prepare(node, session, p);
      if (m instanceof Execute e) {
        cl = ProtocolValues.consistency(e.options.consistency);
        return executePrepared(node, session, e);
      }
      if (m instanceof Batch b) {
        cl = ProtocolValues.consistency(b.consistency);
        writeType = b.type == 1 ? "UNLOGGED_BATCH" : b.type == 2 ? "COUNTER" : "BATCH";
        return batch(node, session, b);
      }
      return Reply.of(ErrorResponses.protocol("Unexpected message " + m.getClass().getSimpleName()));
    } catch (UnpreparedException e) {
      return Reply.of(e.toMessage());
    } catch (CqlException e) {
      return Reply.of(ErrorResponses.of(e, cl, writeType));
    } catch (ProtocolViolation e) {
      return Reply.of(ErrorResponses.protocol(e.getMessage()));
    }
    // Any other exception is a failure inside ringsim: the connection's worker answers it with SERVER_ERROR.
  }

  private String keyspace(Session session, String requested) {
    return requested != null ? requested : session.keyspace;
  }

  private Reply query(String node, Session session, String cql, QueryOptions o) {
    String ks = keyspace(session, o.keyspace);
    Statement s = CqlParser.parse(cql);
    Statement.Select system = SystemSelect.of(s, ks);
    Catalog c = system != null ? SystemSelect.catalog(served.cluster().catalog(), system, ks)
        : SystemWrites.catalog(served.cluster().catalog(), s, ks);
    List<BindVariable> vars = Binding.variables(s, c, ks);
    // Cassandra prepares a QUERY's statement before it compares the number of values with its markers: what PREPARE
    // refuses comes first (a SELECT needing ALLOW FILTERING with no values for its markers).
    boolean named = o.namedValues != null && !o.namedValues.isEmpty();
    int given = o.positionalValues == null ? 0 : o.positionalValues.size();
    if (!named && given != vars.size()) checkAtPrepare(s, ks, c, vars);
    s = Binding.bind(s, vars, c, ks, o.positionalValues, o.namedValues);
    if (system != null) return systemRows(node, (Statement.Select) s, ks, c, o, cql, MetadataAsk.NONE);
    if (SystemWrites.writesSystem(s, ks)) return systemWrite(node, s, ks, c, o, cql);
    return run(node, session, ks, s, o, cql, MetadataAsk.NONE);
  }

  /**
   * A write into system tables ({@code c}: the catalog that knows them, {@link SystemWrites#catalog}), bound: stored
   * as Cassandra stores it, with the driver's timestamp if it sent one ({@link SystemStore}).
   */
  private Reply systemWrite(String node, Statement s, String ks, Catalog c, QueryOptions o, String key) {
    SystemWrites.check(s, ks, c, served.cluster().ring().partitioner(), true);
    if (s instanceof Statement.Truncate t) {
      Statement.TableName name = SystemWrites.target(t, ks);
      served.systemStore().truncate(node, name.keyspace(), name.table());
      return Reply.of(Void.INSTANCE);
    }
    if (o.defaultTimestamp != QueryOptions.NO_DEFAULT_TIMESTAMP) {
      s = ClientTimestamps.apply(s, served.onNodeClock(o.defaultTimestamp), c, ks);
    }
    ResultSet rs = served.systemStore().write(node, s, ks, c, served.view(node));
    if (rs.columns().isEmpty()) return new Reply(Void.INSTANCE, rs.warnings());
    Statement.TableName name = s instanceof Statement.Batch b ? SystemWrites.target(b.statements().get(0), ks)
        : SystemWrites.target(s, ks);
    return RowsReplies.rows(rs, name.keyspace(), name.table(), o, key, MetadataAsk.NONE);
  }

  /** A SELECT on a system table ({@code c}: the catalog that knows it, {@link SystemSelect#catalog}), bound. */
  private Reply systemRows(String node, Statement.Select s, String ks, Catalog c, QueryOptions o, String key,
      MetadataAsk ask) {
    ResultSet rs = SystemSelect.run(s, ks, c, served.view(node), served.cluster().ring().partitioner(),
        served.cluster().clockNowMicros(), o.pageSize > 0);
    return RowsReplies.rows(rs, SystemSelect.keyspace(s, ks), s.table(), o, key, ask);
  }

  /** The refusals Cassandra makes when it prepares {@code s}, before any value is bound. */
  private void checkAtPrepare(Statement s, String ks, Catalog c, List<BindVariable> vars) {
    // At PREPARE already, as the write itself would be refused.
    if (SystemWrites.writesSystem(s, ks)) {
      SystemWrites.check(s, ks, c, served.cluster().ring().partitioner(), vars.isEmpty());
    }
    io.ringsim.cql.exec.WritePlanner.checkPrepared(s, c, ks);
    // An UPDATE without markers is whole at PREPARE: Cassandra refuses its operations then (m = m - {'a': 1}),
    // before any value count is compared; planning it once, without running it, finds the same errors.
    if (s instanceof Statement.Update && vars.isEmpty()) {
      io.ringsim.cql.exec.WritePlanner.plan(s, c, ks, new io.ringsim.cql.exec.Values(0, 0),
          served.cluster().ring().partitioner());
    }
    if (s instanceof Statement.Select sel) io.ringsim.cql.exec.SelectPrepareCheck.check(sel, c, ks, vars);
  }

  private Reply prepare(String node, Session session, Prepare p) {
    String ks = keyspace(session, p.keyspace);
    Statement s = CqlParser.parse(p.cqlQuery);
    // As Cassandra 4.0.2 and later: a statement that names its keyspace is known by its text alone, whatever keyspace
    // the session uses; another by the session's keyspace and its text. Each is kept under both ids.
    boolean qualified = PreparedStatements.fullyQualified(s);
    byte[] id = PreparedStatements.id(qualified ? null : ks, p.cqlQuery);
    byte[] other = PreparedStatements.id(qualified ? ks : null, p.cqlQuery);
    Statement.Select system = SystemSelect.of(s, ks);
    if (system != null) SystemSelect.refuseWriteTimes(system, SystemSelect.keyspace(system, ks));
    Catalog c = system != null ? SystemSelect.catalog(served.cluster().catalog(), system, ks)
        : SystemWrites.catalog(served.cluster().catalog(), s, ks);
    List<BindVariable> vars = Binding.variables(s, c, ks);
    checkAtPrepare(s, ks, c, vars);
    List<ColumnSpec> columns = List.of();
    List<CqlType> types = List.of();
    List<Boolean> reversed = List.of();
    if (s instanceof Statement.Select sel) {
      // As Cassandra, a SELECT announces its columns: drivers then ask for rows without them (skip_metadata).
      SelectColumns.Columns sc = SelectColumns.of(sel, c, ks);
      String k = sel.keyspace() != null ? sel.keyspace() : ks;
      columns = RowsReplies.specs(sc.names(), sc.types(), k, sel.table());
      types = sc.types();
      reversed = sc.reversed();
    }
    PreparedStatements.Entry e = PreparedStatements.Entry.of(p.cqlQuery, ks, s, system != null, vars,
        Binding.partitionKeyIndices(s, c, ks), columns, types, reversed);
    served.prepared(node).put(id, qualified ? null : ks, e);
    served.prepared(node).put(other, qualified ? ks : null, e);
    List<ColumnSpec> specs = new ArrayList<>();
    for (int i = 0; i < e.variables().size(); i++) {
      BindVariable v = e.variables().get(i);
      specs.add(new ColumnSpec(v.keyspace(), v.table(), v.name(), i, WireTypes.raw(v.type())));
    }
    RowsMetadata variables = new RowsMetadata(specs, null, e.partitionKeyIndices(), null);
    RowsMetadata result = e.resultColumns().isEmpty() ? new RowsMetadata(0, null, new int[0], null)
        : new RowsMetadata(e.resultColumns(), null, new int[0], null);
    return Reply.of(new Prepared(id, e.resultMetadataId(), variables, result));
  }

  private PreparedStatements.Entry lookup(String node, byte[] id) {
    PreparedStatements.Entry e = served.prepared(node).get(id);
    if (e == null) throw new UnpreparedException(id);
    return e;
  }

  /** UNPREPARED carries the id back, so it cannot be a plain CqlException. */
  static final class UnpreparedException extends RuntimeException {
    final byte[] id;

    UnpreparedException(byte[] id) {
      super("Prepared query with ID " + HexFormat.of().formatHex(id) + " not found (either the query was not "
          + "prepared on this host (maybe the host has been restarted?) or you have prepared too many queries and "
          + "it has been evicted from the internal cache)");
      this.id = id;
    }

    Unprepared toMessage() {
      return new Unprepared(getMessage(), id);
    }
  }

  private Reply executePrepared(String node, Session session, Execute x) {
    PreparedStatements.Entry e = lookup(node, x.queryId);
    // Which columns Cassandra types as reversed, for the id of the rows' columns: as the table is now.
    Catalog c = e.system() ? SystemSelect.catalog(served.cluster().catalog(), (Statement.Select) e.statement(),
        e.keyspace()) : e.statement() == null ? served.cluster().catalog()
        : SystemWrites.catalog(served.cluster().catalog(), e.statement(), e.keyspace());
    List<Boolean> reversed = e.statement() instanceof Statement.Select sel
        ? SelectColumns.of(sel, c, e.keyspace()).reversed() : List.of();
    MetadataAsk ask = new MetadataAsk(true, x.options.skipMetadata, x.resultMetadataId, e.resultMetadataId(),
        conditional(e.statement()), reversed);
    Statement s = Binding.bind(e.statement(), e.variables(), c, e.keyspace(), x.options.positionalValues,
        x.options.namedValues);
    if (e.system()) return systemRows(node, (Statement.Select) s, e.keyspace(), c, x.options, e.query(), ask);
    if (s != null && SystemWrites.writesSystem(s, e.keyspace())) {
      return systemWrite(node, s, e.keyspace(), c, x.options, e.query());
    }
    return run(node, session, e.keyspace(), s, x.options, e.query(), ask);
  }

  private Reply batch(String node, Session session, Batch b) {
    String ks = keyspace(session, b.keyspace);
    Catalog c = served.cluster().catalog();
    List<Statement> children = new ArrayList<>();
    for (int i = 0; i < b.queriesOrIds.size(); i++) {
      Object q = b.queriesOrIds.get(i);
      List<ByteBuffer> values = i < b.values.size() ? b.values.get(i) : List.of();
      if (q instanceof String text) {
        Statement s = CqlParser.parse(text);
        Catalog sc = SystemWrites.catalog(c, s, ks);
        children.add(Binding.bind(s, Binding.variables(s, sc, ks), sc, ks, values, null));
      } else {
        PreparedStatements.Entry e = lookup(node, (byte[]) q);
        if (e.system() || e.statement() == null) throw new CqlException(CqlErrorClass.InvalidRequest,
            "Invalid statement in batch: only UPDATE, INSERT and DELETE statements are allowed.");
        children.add(Binding.bind(e.statement(), e.variables(),
            SystemWrites.catalog(c, e.statement(), e.keyspace()), e.keyspace(), values, null));
      }
    }
    String type = b.type == 1 ? "UNLOGGED" : b.type == 2 ? "COUNTER" : "LOGGED";
    QueryOptions o = new QueryOptions(b.consistency, List.of(), java.util.Map.of(), false, -1, null,
        b.serialConsistency, b.defaultTimestamp, b.keyspace, b.nowInSeconds);
    Statement.Batch batch = new Statement.Batch(type, null, children);
    if (SystemWrites.writesSystem(batch, ks)) {
      return systemWrite(node, batch, ks, SystemWrites.catalog(c, batch, ks), o, "BATCH");
    }
    return run(node, session, ks, batch, o, "BATCH", MetadataAsk.NONE);
  }

  private ClientSession session(String node, String keyspace, QueryOptions o, Session client) {
    ClientSession s = new ClientSession(served.cluster(), served.nextSeed());
    s.setKeyspace(keyspace);
    s.setCoordinator(node);
    s.setObserver(served.history().observer(client.client, null, sender(client)));
    s.setTracing(TRACE.get() != null);
    s.setConsistency(ProtocolValues.consistency(o.consistency));
    s.setSerialConsistency(ProtocolValues.consistency(o.serialConsistency));
    if (o.nowInSeconds != QueryOptions.NO_NOW_IN_SECONDS) {
      s.setNowInSeconds((int) (served.onNodeClock(o.nowInSeconds * 1_000_000L) / 1_000_000L));
    }
    // Every client timestamp a driver sent before this request was read off this machine's clock earlier: an LWT's
    // ballot goes above this reading, so no write acknowledged before the LWT can shadow it (see NodeContext).
    s.setClientClockMicros(served.clientClockNow());
    return s;
  }

  private Reply run(String node, Session session, String ks, Statement s, QueryOptions o, String key,
      MetadataAsk ask) {
    ClientSession cs = session(node, ks, o, session);
    if (s instanceof Statement.Use u) {
      // The system keyspaces are served, not in the catalog, so the simulated cluster does not know them.
      if (!SystemSelect.KEYSPACES.contains(u.keyspace())) cs.execute(s);
      session.keyspace = u.keyspace();
      return Reply.of(new SetKeyspace(u.keyspace()));
    }
    if (SchemaEvents.isSchemaChange(s)) {
      synchronized (ddl) {
        Catalog before = served.cluster().catalog();
        cs.execute(s);
        Catalog after = served.cluster().catalog();
        SchemaEvents.Change change = SchemaEvents.change(s, before, after, ks);
        // Cassandra warns on every SASI index it is asked to create, whether or not IF NOT EXISTS found one
        // (CreateIndexStatement.clientWarnings, sent after the schema change however it went).
        List<String> warnings = io.ringsim.cql.exec.IndexOps.createsSasi(s)
            ? List.of(io.ringsim.cql.exec.IndexOps.SASI_WARNING) : List.of();
        if (change == null) return new Reply(Void.INSTANCE, warnings);
        served.schemaChanged(change);
        for (SchemaEvents.Change view : SchemaEvents.viewChanges(change, before, after)) served.schemaChanged(view);
        // Cassandra warns on every view it creates (View.USAGE_WARNING).
        if (s instanceof Statement.CreateView) {
          return new Reply(change.result(), List.of(io.ringsim.cql.exec.ViewOps.USAGE_WARNING));
        }
        return new Reply(change.result(), warnings);
      }
    }
    if (ClusterDescribe.isDescribeCluster(s)) {
      ResultSet rs = ClusterDescribe.run(served.cluster().ring(), served.cluster().catalog(), ks, served.addresses());
      return RowsReplies.rows(rs, "system", "describe", o, key, MetadataAsk.NONE);
    }
    if (s instanceof Statement.Describe d) {
      return RowsReplies.rows(SystemDescribe.run(d, served.cluster().catalog(), ks), "system", "describe", o, key,
          MetadataAsk.NONE);
    }
    Long clientTimestamp = null;
    if (o.defaultTimestamp != QueryOptions.NO_DEFAULT_TIMESTAMP) {
      long stamp = served.onNodeClock(o.defaultTimestamp);
      Statement stamped = ClientTimestamps.apply(s, stamp, served.cluster().catalog(), ks);
      if (stamped != s) {
        s = stamped;
        clientTimestamp = stamp;
        cs.setObserver(served.history().observer(session.client, clientTimestamp, sender(session)));
      }
    }
    if (s instanceof Statement.Select sel && o.pageSize > 0) return page(cs, sel, ks, o, key, ask);
    ResultSet rs;
    try {
      rs = cs.execute(s);
    } finally {
      if (TRACE.get() != null) TRACE.get().append(cs.lastTrace());
    }
    if (s instanceof Statement.Select sel) {
      String k = sel.keyspace() != null ? sel.keyspace() : ks;
      return RowsReplies.rows(rs, k, sel.table(), o, key, ask);
    }
    if (!rs.columns().isEmpty()) {
      String table = s instanceof Statement.Insert i ? i.table() : s instanceof Statement.Update u ? u.table()
          : s instanceof Statement.Delete d ? d.table() : "";
      return RowsReplies.rows(rs, ks, table, o, key, MetadataAsk.NONE);
    }
    return new Reply(Void.INSTANCE, rs.warnings());
  }

  /**
   * A page of a SELECT: read from the paging state's cursor on ({@link ClientSession#executePage}); a statement that
   * runs whole comes back whole and is cut here by offset.
   */
  private Reply page(ClientSession cs, Statement.Select sel, String ks, QueryOptions o, String key,
      MetadataAsk ask) {
    Paging state = Paging.decode(o.pagingState, key);
    ClientSession.Page p;
    try {
      p = cs.executePage(sel, state == null ? null : state.cursor(), o.pageSize);
    } finally {
      if (TRACE.get() != null) TRACE.get().append(cs.lastTrace());
    }
    String k = sel.keyspace() != null ? sel.keyspace() : ks;
    if (p.whole()) return RowsReplies.rows(p.result(), k, sel.table(), o, key, ask, p.atLimit());
    if (state != null && state.cursor() == null) throw PagingStateException.invalid();
    ByteBuffer next = p.next() == null ? null : Paging.cursor(p.next(), key);
    return RowsReplies.reply(p.result(), RowsReplies.encode(p.result()), k, sel.table(), next, ask);
  }
}
