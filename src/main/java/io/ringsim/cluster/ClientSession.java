package io.ringsim.cluster;

import io.ringsim.cluster.node.ClientRequest;
import io.ringsim.cluster.node.ClientResponse;
import io.ringsim.cluster.node.TraceEvent;
import io.ringsim.cluster.node.TraceParts;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Statement;
import io.ringsim.cql.exec.AggregationWarning;
import io.ringsim.cql.exec.BatchChecks;
import io.ringsim.cql.exec.DescribeStatement;
import io.ringsim.cql.exec.PageCursor;
import io.ringsim.cql.exec.PagingStateException;
import io.ringsim.cql.exec.ReadPager;
import io.ringsim.cql.exec.ReadPlan;
import io.ringsim.cql.exec.ResultSet;
import io.ringsim.cql.exec.SchemaOps;
import io.ringsim.cql.exec.SecurityStatements;
import io.ringsim.cql.exec.SelectPlanner;
import io.ringsim.cql.exec.Values;
import io.ringsim.cql.exec.WritePlanner;
import io.ringsim.cql.parse.CqlParser;
import io.ringsim.schema.Catalog;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.ReadFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A client session on a simulated cluster, as a driver or cqlsh has one: a current keyspace, a consistency level,
 * tracing on or off, and a coordinator to send requests to. It parses, checks and plans each statement, runs it
 * through the coordinator, and turns the answer into a result set or a {@link CqlException}. (Not the DataStax
 * driver's CqlSession, which the tests use beside it: this one is ringsim's own, inside the simulation.)
 */
public final class ClientSession {
  private final SimCluster cluster;
  private String keyspace;
  private ConsistencyLevel consistency = ConsistencyLevel.ONE;
  private ConsistencyLevel serialConsistency = ConsistencyLevel.SERIAL;
  private boolean tracing;
  private String coordinator;
  private int roundRobin;
  private boolean rotate;
  private final Values values;
  private List<TraceEvent> lastTrace = List.of();
  private String lastCoordinator;
  private RequestObserver observer;
  private final long seed;
  private final SessionWrites writes = new SessionWrites(this);

  public ClientSession(SimCluster cluster, long seed) {
    this.cluster = cluster;
    this.seed = seed;
    this.coordinator = cluster.nodeNames().get(0);
    this.values = new Values(this::functionClockMicros, seed);
  }

  public String keyspace() {
    return keyspace;
  }

  /** The keyspace unqualified names resolve in (a driver's session keyspace, or USE). */
  public void setKeyspace(String keyspace) {
    this.keyspace = keyspace;
  }

  public ConsistencyLevel consistency() {
    return consistency;
  }

  public void setConsistency(ConsistencyLevel cl) {
    this.consistency = cl;
  }

  /**
   * The serial consistency a client sent. Any level is taken, as Cassandra takes it: it is checked only when a
   * conditional statement uses it, which then fails with InvalidRequest (a plain write or read ignores it).
   */
  public void setSerialConsistency(ConsistencyLevel cl) {
    this.serialConsistency = cl;
  }

  public void setTracing(boolean on) {
    this.tracing = on;
  }

  public boolean tracing() {
    return tracing;
  }

  /** Sends every request to {@code node} (null: rotate over the nodes, as a driver's round-robin policy does). */
  public void setCoordinator(String node) {
    if (node == null) {
      rotate = true;
      return;
    }
    if (!cluster.nodeNames().contains(node)) throw new IllegalArgumentException("no node named '" + node + "'");
    rotate = false;
    coordinator = node;
  }

  private Integer nowInSeconds;
  private long clientClockMicros = ClientRequest.NO_CLIENT_CLOCK;

  /**
   * The client machine's wall clock when this session's statement reached the server, on the nodes' clock (a served
   * cluster's); a coordinator's LWT timestamp is later than it ({@link ClientRequest.Cas#clientClockMicros}).
   */
  public void setClientClockMicros(long micros) {
    this.clientClockMicros = micros;
  }

  /**
   * The clock now(), currentTimestamp() and the like read, as Cassandra's read the coordinator's: the cluster's, and
   * not before the client's statement reached a served cluster (its virtual time follows the wall clock in steps).
   */
  private long functionClockMicros() {
    long node = cluster.clockNowMicros();
    return clientClockMicros == ClientRequest.NO_CLIENT_CLOCK ? node : Math.max(node, clientClockMicros);
  }

  /**
   * The "now" of this session's statements in seconds (a v5 client's now_in_seconds: what TTLs count from and TTL()
   * reads against), instead of the coordinator's clock; null for the coordinator's clock.
   */
  public void setNowInSeconds(Integer seconds) {
    this.nowInSeconds = seconds;
  }

  /**
   * The now each request carries to its coordinator: the session's, else none (the coordinator's clock fixes it),
   * so that the coordinator and its replicas judge expiry, and writes count TTLs, from the same second.
   */
  int requestNow() {
    return nowInSeconds != null ? nowInSeconds : ClientRequest.COORDINATOR_NOW;
  }

  /**
   * The now TTL() reads against: the session's, else the cluster's clock (with a served cluster's epoch, as the
   * coordinator's clock has it, so that TTL() and expiry agree; a coordinator's skew is not seen here).
   */
  private int projectionNow() {
    return nowInSeconds != null ? nowInSeconds : (int) Math.floorDiv(cluster.clockNowMicros(), 1_000_000L);
  }

  /** Reports every coordinator request and answer to {@code o} (null: none). */
  public void setObserver(RequestObserver o) {
    this.observer = o;
  }

  /**
   * Sends a request to a coordinator, telling the observer (if any) when it leaves and when it is answered;
   * {@code kind}: what the statement does.
   */
  CompletableFuture<ClientResponse> submitAs(RequestKind kind, String coord, ClientRequest request) {
    if (observer == null) return cluster.submit(coord, request, ClientRequest.CLIENT_TIMEOUT).toCompletableFuture();
    RequestObserver o = observer;
    request = o.instrument(request);
    Object token = o.sent(coord, kind, request, cluster.nowNanos());
    CompletableFuture<ClientResponse> f = cluster.submit(coord, request, ClientRequest.CLIENT_TIMEOUT).toCompletableFuture();
    f.whenComplete((r, t) -> o.answered(token, r, cluster.nowNanos()));
    return f;
  }

  /** The last statement's trace; traced, a view that shows replicas' events arriving after the answer too. */
  public List<TraceEvent> lastTrace() {
    return lastTrace;
  }

  public String lastCoordinator() {
    return lastCoordinator;
  }

  public SimCluster cluster() {
    return cluster;
  }

  private String nextCoordinator() {
    if (!rotate) return coordinator;
    List<String> nodes = cluster.nodeNames();
    for (int i = 0; i < nodes.size(); i++) {
      String n = nodes.get(roundRobin++ % nodes.size());
      if (!cluster.isCrashed(n)) return n;
    }
    return nodes.get(0);
  }

  /** Parses and runs one statement. */
  public ResultSet execute(String cql) {
    return execute(CqlParser.parse(cql));
  }

  public ResultSet execute(Statement s) {
    lastTrace = List.of();
    lastCoordinator = null;
    Catalog c = cluster.catalog();
    if (s instanceof Statement.Use u) {
      if (c.keyspace(u.keyspace()).isEmpty())
        throw new CqlException(CqlErrorClass.InvalidRequest, "Keyspace '" + u.keyspace() + "' does not exist");
      keyspace = u.keyspace();
      return ResultSet.EMPTY;
    }
    if (observer != null) observer.statement(s);
    long invoked = cluster.nowNanos();
    String sessionKeyspace = keyspace;
    if (s instanceof Statement.Security x) return SecurityStatements.execute(x, c, keyspace, datacenters());
    Catalog next = schemaChange(stampedDrop(s), c);
    if (next != null) {
      if (next != c) cluster.setSchema(next);
      if (observer != null) observer.schemaChanged(s, sessionKeyspace, c, cluster.catalog(), invoked,
          cluster.nowNanos());
      if (s instanceof Statement.DropKeyspace d && d.name().equals(keyspace)) keyspace = null;
      return ResultSet.EMPTY;
    }
    if (s instanceof Statement.Describe d) return DescribeStatement.run(d, c, keyspace);
    int nowSec = projectionNow();
    if (s instanceof Statement.Select sel) {
      consistency.validateForRead();
      ReadPlan plan = SelectPlanner.plan(sel, c, keyspace, values, cluster.ring().partitioner(), nowSec);
      readWarnings.clear();
      ResultSet r = plan.execute(new SessionReads(this));
      return AggregationWarning.prepend(AggregationWarning.of(plan), withReadWarnings(r));
    }
    WritePlanner.WritePlan plan = WritePlanner.plan(s, c, keyspace, values, cluster.ring().partitioner());
    List<String> warnings = s instanceof Statement.Batch b && plan.cas() == null
        ? BatchChecks.check(b.type(), SessionWrites.updates(plan, nowSec)) : List.of();
    ResultSet r = writes.write(s, plan, nowSec);
    return warnings.isEmpty() ? r : r.withWarnings(warnings);
  }

  /** The cluster's data centres: Cassandra's Datacenters.getValidDatacenters, which ACCESS TO DATACENTERS checks. */
  private java.util.Set<String> datacenters() {
    java.util.Set<String> out = new java.util.TreeSet<>();
    for (io.ringsim.ring.Node n : cluster.ring().nodes()) out.add(n.dc());
    return out;
  }

  /**
   * One page of a SELECT: {@code from} is where the previous page stopped (null: the first page). Statements that
   * page by cursor read only the page ({@link ReadPager}); the others (aggregates, GROUP BY, DISTINCT, PER
   * PARTITION LIMIT) run whole and come back with {@code whole} set, for the caller to cut into pages.
   */
  public Page executePage(Statement.Select sel, PageCursor from, int pageSize) {
    lastTrace = List.of();
    lastCoordinator = null;
    consistency.validateForRead();
    if (observer != null) observer.statement(sel);
    Catalog c = cluster.catalog();
    int nowSec = projectionNow();
    ReadPlan plan = SelectPlanner.plan(sel, c, keyspace, values, cluster.ring().partitioner(), nowSec);
    // Cassandra cannot page rows it sorts after reading them (ORDER BY over several partitions): it refuses, even
    // with a LIMIT within the page (asked of Cassandra 4.1: PagingAgainstCassandraOracle); IN (x) is one partition.
    if (!sel.orderBy().isEmpty() && plan.keyOrder() != null && plan.keys().size() > 1) {
      throw new CqlException(CqlErrorClass.InvalidRequest, "Cannot page queries with both ORDER BY and a IN "
          + "restriction on the partition key; you must either remove the ORDER BY or the IN and sort client side, "
          + "or disable paging for this query");
    }
    if (!ReadPager.byCursor(plan)) {
      if (from != null) throw PagingStateException.invalid();
      readWarnings.clear();
      ResultSet whole = AggregationWarning.prepend(AggregationWarning.of(plan),
          withReadWarnings(plan.execute(new SessionReads(this))));
      return new Page(whole, null, true, whole.rows().size() >= plan.limit());
    }
    readWarnings.clear();
    ReadPager.Page p = ReadPager.page(plan, new SessionReads(this), from == null ? PageCursor.start(plan.limit()) : from,
        pageSize);
    return new Page(AggregationWarning.prepend(AggregationWarning.of(plan), withReadWarnings(p.result())), p.next(),
        false, false);
  }

  /**
   * A page's rows and where the next starts (null: none); {@code whole}: the statement ran whole, unpaged, and
   * {@code atLimit}: its rows stopped at its LIMIT.
   */
  public record Page(ResultSet result, PageCursor next, boolean whole, boolean atLimit) {}

  /**
   * An ALTER TABLE ... DROP without USING TIMESTAMP, stamped once, as its coordinator stamps it (Cassandra's
   * AlterTableStatement takes ClientState.getTimestamp() on the node that runs it, and every node stores that drop
   * time): the coordinator's clock, its skew included, and for a served client not earlier than the client's clock,
   * which stamped the writes the client sent before it. The nodes' own clocks trail the wall clock while the
   * simulation is busy; a drop stamped by them could be older than a cell written before it, which would then come
   * back with a column of the same name.
   */
  private Statement stampedDrop(Statement s) {
    if (!(s instanceof Statement.AlterTableDrop d) || d.dropTimestamp() != null) return s;
    long coordinatorClock = cluster.clockNowMicros()
        + cluster.faults().skewMillis().getOrDefault(coordinator, 0L) * 1000;
    long at = clientClockMicros == ClientRequest.NO_CLIENT_CLOCK ? coordinatorClock
        : Math.max(clientClockMicros, coordinatorClock);
    return new Statement.AlterTableDrop(d.keyspace(), d.name(), d.columns(), at, d.ifExists(), d.ifColumnExists());
  }

  private Catalog schemaChange(Statement s, Catalog c) {
    Catalog next = SchemaOps.apply(c, s, keyspace, cluster.spec().features(),
        cluster.spec().ring().dataCenters());
    if (next != null) return next;
    if (s instanceof Statement.Truncate x) {
      String ks = SchemaOps.keyspaceOf(x.keyspace(), keyspace);
      TableMetadata t = SchemaOps.table(c, ks, x.name());
      io.ringsim.cql.exec.ViewOps.refuseTruncate(c, ks, x.name());
      cluster.truncate(t.qualifiedName());
      // As Cassandra's truncate of a base table, its views are emptied with it.
      for (io.ringsim.schema.ViewMetadata v : c.viewsOf(ks, x.name())) cluster.truncate(v.qualifiedName());
      return c;
    }
    return null;
  }

  private ClientResponse awaitResponse(CompletableFuture<ClientResponse> f, String coord) {
    try {
      return cluster.await(f);
    } catch (RuntimeException e) {
      return new ClientResponse.Failed(coord, CqlErrorClass.ServerError, "OperationTimedOut: no answer from "
          + coord + " within " + ClientRequest.CLIENT_TIMEOUT.toSeconds() + " s", 0, 0, List.of());
    }
  }

  static CqlException failure(ClientResponse r) {
    if (r instanceof ClientResponse.Failed f)
      return new CoordinatorException(f.error(), f.message(), f.received(), f.required(), f.reported(), f.writeType());
    return new CqlException(CqlErrorClass.ServerError, "unexpected response " + r);
  }

  /** The replicas' warnings of the reads of the statement being run (tombstone_warn_threshold), for its client. */
  private final List<String> readWarnings = new ArrayList<>();

  private ResultSet withReadWarnings(ResultSet r) {
    if (readWarnings.isEmpty()) return r;
    List<String> all = new ArrayList<>(r.warnings());
    all.addAll(readWarnings);
    return r.withWarnings(all);
  }

  /** A request's coordinator: the next one, named as the statement's. */
  String statementCoordinator() {
    String coord = nextCoordinator();
    lastCoordinator = coord;
    return coord;
  }

  ConsistencyLevel serialConsistency() {
    return serialConsistency;
  }

  long clientClockMicros() {
    return clientClockMicros;
  }

  long seed() {
    return seed;
  }

  /** Tells the observer (if any) that the statement is a conditional write, and on what. */
  void conditional(WritePlanner.CasSpec cas) {
    if (observer != null) observer.conditional(cas.row(), cas.conditionColumns());
  }

  /** Sends a read to {@code coord} and waits for its answer (a timeout answers as a failure). */
  ClientResponse ask(String coord, ClientRequest request) {
    return awaitResponse(submitAs(RequestKind.READ, coord, request), coord);
  }

  CompletableFuture<ClientResponse> send(String coord, ClientRequest request) {
    return submitAs(RequestKind.READ, coord, request);
  }

  ClientResponse await(CompletableFuture<ClientResponse> f, String coord) {
    return awaitResponse(f, coord);
  }

  void readWarnings(List<String> warnings) {
    readWarnings.addAll(warnings);
  }

  void trace(List<TraceEvent> trace) {
    lastTrace = trace;
  }

  /** A page may take several reads: its trace is all of theirs. */
  void addTrace(List<TraceEvent> t) {
    if (t.isEmpty()) return;
    lastTrace = TraceParts.of(lastTrace, t);
  }
}
