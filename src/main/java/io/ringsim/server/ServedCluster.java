package io.ringsim.server;

import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.response.event.StatusChangeEvent;
import com.datastax.oss.protocol.internal.response.event.TopologyChangeEvent;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.ringsim.cluster.SimCluster;
import io.ringsim.ring.Node;
import io.ringsim.ring.Ring;
import io.ringsim.ring.SimpleStrategy;
import io.ringsim.ring.TokenAllocator;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A simulated cluster served over the CQL native protocol: node i listens on the i-th loopback address (127.0.0.1,
 * 127.0.0.2, ... from {@code firstAddress}), all on the same port, as ccm and Simulacron lay clusters out. Time is
 * paced to the wall clock. Faults go through here so that connections follow the node: a crashed node's port closes.
 */
public final class ServedCluster implements AutoCloseable {
  /**
   * Threads that run statements. Statements beyond them wait in an unbounded queue: what bounds it is each
   * connection's {@link Connection#MAX_IN_FLIGHT}, past which the connection stops reading, as Cassandra applies
   * back-pressure. (Cassandra's global limit is on bytes in flight, a tenth of its heap by default, which a
   * simulated client does not reach; a shared queue that refused requests would answer OVERLOADED where Cassandra
   * never does.)
   */
  static final int WORKERS = 256;

  private final SimCluster cluster;
  private final int port;
  private final Map<String, InetAddress> addresses = new LinkedHashMap<>();
  private final Map<String, NodeServer> servers = new LinkedHashMap<>();
  private final Map<String, PreparedStatements> prepared = new ConcurrentHashMap<>();
  private final Set<Connection> registered = ConcurrentHashMap.newKeySet();
  private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
  private final EventLoopGroup boss = new NioEventLoopGroup(1, daemonThreads("ringsim-accept"));
  private final EventLoopGroup io = new NioEventLoopGroup(2, daemonThreads("ringsim-io"));
  private final ThreadPoolExecutor workers;
  private final RequestExecutor executor = new RequestExecutor(this);
  private final AtomicLong seeds;
  private final AtomicInteger clients = new AtomicInteger();
  private final ClientHistory history;
  private TraceStore traces;
  private final Pacer pacer;
  private final double speed;
  /** The wall clock, in microseconds, when the nodes' clocks started to follow it (they read the same then). */
  private volatile long wallStartMicros;

  public ServedCluster(SimCluster cluster, InetAddress firstAddress, int port, double speed) {
    this.cluster = cluster;
    this.port = port;
    this.seeds = new AtomicLong(cluster.spec().seed());
    this.pacer = new Pacer(cluster, speed);
    this.speed = speed;
    this.history = new ClientHistory(cluster);
    this.workers = new ThreadPoolExecutor(WORKERS, WORKERS, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
        daemonThreads("ringsim-request"));
    workers.allowCoreThreadTimeOut(true);
    byte[] base = firstAddress.getAddress();
    int i = 0;
    for (Node n : cluster.ring().nodes()) {
      InetAddress a = offset(base, i++);
      addresses.put(n.name(), a);
      servers.put(n.name(), new NodeServer(n.name(), a, port, this, boss, io));
      prepared.put(n.name(), new PreparedStatements());
    }
    this.traces = new TraceStore(this::addressOf);
    // A write's or schema change's own time: this machine's clock on the nodes' (clientClockNow), never earlier than
    // a driver's timestamp sent before it, as Cassandra's coordinator stamps a schema change after a client's write.
    this.systemStore = new SystemStore(cluster, this::clientClockNow);
  }

  private final SystemStore systemStore;

  /** What clients wrote into the system tables ({@link SystemWrites}). */
  SystemStore systemStore() {
    return systemStore;
  }

  private static java.util.concurrent.ThreadFactory daemonThreads(String name) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, name + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  /** base + i, carried across octets (127.0.0.255 + 1 = 127.0.1.0). */
  static InetAddress offset(byte[] base, int i) {
    byte[] a = base.clone();
    int carry = i;
    for (int k = a.length - 1; k >= 0 && carry > 0; k--) {
      int v = (a[k] & 0xFF) + carry;
      a[k] = (byte) v;
      carry = v >> 8;
    }
    try {
      return InetAddress.getByAddress(a);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(e);
    }
  }

  TraceStore traces() {
    return traces;
  }

  /** Starts the clock and opens every node's port. */
  public void start() throws InterruptedException {
    // Node clocks show today's date from here on: drivers stamp writes with the wall clock, and a server-stamped write
    // (LWT, counters) must not lose to them by decades (a driver's DELETE would shadow a later IF NOT EXISTS).
    // The epoch is read at the instant the pacer starts, not before setClockEpoch's settle: node clocks lagged the
    // wall clock by that settle, enough for an LWT's timestamp to fall below the client timestamp of the statement
    // just before it (found by DifferentialAgainstCassandraOracle: DELETE b, then UPDATE b ... IF EXISTS, lost b).
    wallStartMicros = wallMicros();
    long epochMicros = wallStartMicros - cluster.nowNanos() / 1000;
    pacer.start();
    cluster.setClockEpoch(epochMicros);
    for (Map.Entry<String, NodeServer> e : servers.entrySet()) {
      if (!cluster.isCrashed(e.getKey())) e.getValue().open();
    }
    follower.scheduleWithFixedDelay(this::follow, 20, 20, TimeUnit.MILLISECONDS);
  }

  /**
   * A time a client read from its wall clock (a driver's default timestamp, a v5 now_in_seconds), in microseconds,
   * on the nodes' clock. At speed 1 both clocks agree. At speed X the nodes' clocks run X times faster from the
   * start, so a client's timestamp would fall ever further behind theirs: a plain write after an LWT (stamped by
   * the node) would lose to it. Mapped, a client's writes order as they were sent, against each other and against
   * the nodes' own timestamps. USING TIMESTAMP in the statement's text is the client's data and is not mapped.
   */
  long onNodeClock(long clientMicros) {
    if (speed == 1.0) return clientMicros;
    return wallStartMicros + Math.round((clientMicros - wallStartMicros) * speed);
  }

  /**
   * This machine's wall clock now, in microseconds, on the nodes' clock ({@link #onNodeClock}): not earlier than any
   * client timestamp a driver on this machine has sent so far. The nodes' own clocks trail it (virtual time follows
   * the wall clock in steps, and lags while the simulation is busy).
   */
  long clientClockNow() {
    return onNodeClock(wallMicros());
  }

  /** The wall clock to the microsecond, as drivers read it (the Python driver's time.time(), a native clock). */
  static long wallMicros() {
    return java.time.temporal.ChronoUnit.MICROS.between(java.time.Instant.EPOCH, java.time.Instant.now());
  }

  /** Node name to address, in node order (a copy: nodes come and go with bootstrap and decommission). */
  public synchronized Map<String, InetAddress> addresses() {
    return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(addresses));
  }

  synchronized InetAddress addressOf(String node) {
    return addresses.get(node);
  }

  public int port() {
    return port;
  }

  public SimCluster cluster() {
    return cluster;
  }

  ThreadPoolExecutor workers() {
    return workers;
  }

  RequestExecutor executor() {
    return executor;
  }

  int nextClientId() {
    return clients.incrementAndGet();
  }

  /** What the clients did, for the checker. */
  public ClientHistory history() {
    return history;
  }

  long nextSeed() {
    return seeds.incrementAndGet();
  }

  PreparedStatements prepared(String node) {
    return prepared.get(node);
  }

  SystemKeyspaces.View view(String node) {
    List<ConnectedClient> clients = new ArrayList<>();
    for (Connection c : connections) {
      ConnectedClient client = c.node().equals(node) ? c.client() : null;
      if (client != null) clients.add(client);
    }
    return new SystemKeyspaces.View(node, cluster.ring(), addresses(), port, cluster.catalog(), traces, clients,
        prepared(node), systemStore);
  }

  /** Every open client connection, for system_views.clients. */
  void connected(Connection c) {
    connections.add(c);
  }

  void disconnected(Connection c) {
    connections.remove(c);
  }

  void register(Connection c) {
    registered.add(c);
  }

  void unregister(Connection c) {
    registered.remove(c);
  }

  void schemaChanged(SchemaEvents.Change change) {
    boolean table = change.target().equals(ProtocolConstants.SchemaChangeTarget.TABLE);
    boolean keyspaceDropped = change.target().equals(ProtocolConstants.SchemaChangeTarget.KEYSPACE)
        && change.type().equals(ProtocolConstants.SchemaChangeType.DROPPED);
    if (table && !change.type().equals(ProtocolConstants.SchemaChangeType.CREATED) || keyspaceDropped) {
      for (PreparedStatements p : prepared.values()) p.forget(change.keyspace(), table ? change.object() : null);
    }
    for (Connection c : registered) c.push(ProtocolConstants.EventType.SCHEMA_CHANGE, change.event());
  }

  private void status(String node, String change) {
    StatusChangeEvent e = new StatusChangeEvent(change, new java.net.InetSocketAddress(addressOf(node), port));
    for (Connection c : registered) {
      if (!c.node().equals(node)) c.push(ProtocolConstants.EventType.STATUS_CHANGE, e);
    }
  }

  void topology(String node, String change) {
    TopologyChangeEvent e = new TopologyChangeEvent(change, new java.net.InetSocketAddress(addressOf(node), port));
    for (Connection c : registered) {
      if (!c.node().equals(node)) c.push(ProtocolConstants.EventType.TOPOLOGY_CHANGE, e);
    }
  }

  /** A crash: the node stops, its port closes with every connection, and it forgets its prepared statements. */
  public void crash(String node) {
    cluster.crash(node);
    follow();
  }

  public void restart(String node) throws InterruptedException {
    cluster.restart(node);
    follow();
  }

  /**
   * Makes every node's port follow its process: closed while it is crashed, open again once it restarted, whoever
   * crashed it (the console, or a scenario's timeline). Runs every 20 ms, and right after a typed fault.
   */
  synchronized void follow() {
    for (Map.Entry<String, NodeServer> e : servers.entrySet()) {
      String node = e.getKey();
      NodeServer server = e.getValue();
      boolean crashed = cluster.isCrashed(node);
      if (crashed && server.isOpen()) {
        server.close();
        prepared.get(node).clear();
        status(node, ProtocolConstants.StatusChangeType.DOWN);
      } else if (!crashed && !server.isOpen() && !closed) {
        try {
          server.open();
        } catch (InterruptedException ex) {
          Thread.currentThread().interrupt();
          return;
        }
        status(node, ProtocolConstants.StatusChangeType.UP);
      }
    }
  }

  private final java.util.concurrent.ScheduledExecutorService follower =
      java.util.concurrent.Executors.newSingleThreadScheduledExecutor(daemonThreads("ringsim-port-follower"));
  private volatile boolean closed;

  public synchronized List<String> nodes() {
    return List.copyOf(servers.keySet());
  }

  /**
   * A new node joins (nodetool's bootstrap): it takes the next address, gets tokens from the balanced allocator,
   * the data of its ranges is streamed to it, and clients that registered for events hear TOPOLOGY_CHANGE
   * NEW_NODE. Refused as Cassandra refuses it when a replica that must stream to it is down.
   *
   * @return the new node's name and the partitions streamed to it
   */
  public synchronized String bootstrap() throws InterruptedException {
    Ring ring = cluster.ring();
    int next = 1;
    for (Node n : ring.nodes()) {
      if (n.name().matches("n\\d+")) next = Math.max(next, Integer.parseInt(n.name().substring(1)) + 1);
    }
    String name = "n" + next;
    Node first = ring.nodes().get(0);
    long streamed = cluster.bootstrap(name, first.dc(), first.rack(), first.tokens().size(),
        TokenAllocator.byName("balanced", cluster.spec().seed() + next, new SimpleStrategy(3)));
    InetAddress a = offset(addresses.values().iterator().next().getAddress(), addresses.size());
    addresses.put(name, a);
    servers.put(name, new NodeServer(name, a, port, this, boss, io));
    prepared.put(name, new PreparedStatements());
    servers.get(name).open();
    topology(name, ProtocolConstants.TopologyChangeType.NEW_NODE);
    return name + " joined at " + a.getHostAddress() + ", " + streamed + " partitions streamed to it";
  }

  /** A node leaves (nodetool decommission): its data streams to the others, its port closes, REMOVED_NODE. */
  public synchronized String decommission(String node) {
    long streamed = cluster.decommission(node);
    NodeServer s = servers.remove(node);
    if (s != null) s.close();
    topology(node, ProtocolConstants.TopologyChangeType.REMOVED_NODE);
    prepared.remove(node);
    systemStore.forget(node);
    return node + " left, " + streamed + " partitions streamed away";
  }

  @Override
  public void close() {
    synchronized (this) {
      closed = true;
    }
    follower.shutdownNow();
    for (NodeServer s : servers.values()) s.close();
    workers.shutdownNow();
    pacer.stop();
    boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    io.shutdownGracefully(0, 1, TimeUnit.SECONDS);
  }
}
