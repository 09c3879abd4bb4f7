package io.ringsim.server;

import io.ringsim.cluster.node.TraceEvent;
import io.ringsim.cluster.node.TracePacing;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.types.CqlTypes;
import java.net.InetAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * The traced requests of a served cluster, as Cassandra keeps them in system_traces.sessions and events: what a
 * driver reads after a request with the tracing flag, and what cqlsh prints with TRACING ON. Each event's source is
 * the address of the node that did the work. Times are the nodes' clocks (the served cluster's epoch plus virtual
 * time), so started_at shows the wall clock's date as Cassandra's does.
 */
final class TraceStore {
  /** At most this many sessions are kept; the oldest go first. */
  static final int MAX_SESSIONS = 1000;
  /**
   * The port a Cassandra node's tracing names itself by (coordinator_port, source_port): its storage port, which a
   * served cluster's system.local and system.peers give as 7000.
   */
  static final int STORAGE_PORT = 7000;

  /** What the coordinator saw of one request: who asked, what, and when on its clock (microseconds). */
  record Request(String coordinator, InetAddress client, String command, String request,
      Map<String, String> parameters, long startMicros, long endMicros) {}

  /** One event as the events table shows it: its id, and microseconds since the session started on its source. */
  private record Row(UUID id, TraceEvent event, int sourceElapsed) {}

  /**
   * {@code events}: the statement's trace, which replicas beyond the consistency level still add to after the answer
   * (a live view, see TraceParts); {@code ids} gives each event its id once, so a second read shows the same ids.
   */
  private record Session(UUID id, Request request, List<TraceEvent> events, Map<TraceEvent, UUID> ids) {}

  private final TreeMap<Long, Session> sessions = new TreeMap<>();
  private final AtomicLong sequence = new AtomicLong();
  private final Function<String, InetAddress> addresses;

  TraceStore(Function<String, InetAddress> addresses) {
    this.addresses = addresses;
  }

  /** A version-1 (time) UUID for a clock reading: Cassandra's session and event ids are time UUIDs. */
  UUID timeUuid(long micros) {
    long ticks = micros * 10 + 0x01B21DD213814000L; // 100 ns intervals since 1582-10-15
    long msb = (ticks << 32) | ((ticks >>> 16) & 0xFFFF0000L) | 0x1000L | ((ticks >>> 48) & 0x0FFFL);
    long lsb = 0x8000000000000000L | (sequence.incrementAndGet() & 0x3FFFFFFFFFFFFFFFL);
    return new UUID(msb, lsb);
  }

  /** Keeps a traced request: {@code events} are read each time the tables are, so later events show too. */
  synchronized UUID record(Request r, List<TraceEvent> events) {
    UUID id = timeUuid(r.startMicros());
    sessions.put(sequence.incrementAndGet(), new Session(id, r, events, new IdentityHashMap<>()));
    while (sessions.size() > MAX_SESSIONS) sessions.pollFirstEntry();
    return id;
  }

  /**
   * A session's events as Cassandra writes them, in time order (the events table's clustering order, by event_id: a
   * replica's events reach the coordinator with its answer, after the coordinator's own later ones), each paced by
   * {@link TracePacing} and with its source_elapsed: microseconds since the session started on its source (the
   * request's arrival on the coordinator, the request's message's elsewhere). ringsim's own commentary is left out.
   */
  private List<Row> rows(Session s) {
    List<TracePacing.Paced> paced = paced(s);
    List<Row> rows = new ArrayList<>(paced.size());
    for (TracePacing.Paced p : paced) {
      UUID eventId = s.ids().computeIfAbsent(p.event(), x -> timeUuid(p.atMicros()));
      rows.add(new Row(eventId, p.event(), (int) Math.min(Integer.MAX_VALUE, p.elapsedMicros())));
    }
    return rows;
  }

  private static List<TracePacing.Paced> paced(Session s) {
    return TracePacing.pace(s.events(), s.request().coordinator(), s.request().startMicros(),
        e -> e.stage().cassandra());
  }

  /** How Cassandra writes a node in an event's text: its address and storage port ("/127.0.0.2:7000"). */
  private String endpoint(String node) {
    return "/" + addresses.apply(node).getHostAddress() + ":" + STORAGE_PORT;
  }

  synchronized VirtualTable sessions() {
    VirtualTable.Builder b = new VirtualTable.Builder("system_traces", "sessions").column("session_id", CqlTypes.UUID)
        .column("client", CqlTypes.INET).column("command", CqlTypes.TEXT).column("coordinator", CqlTypes.INET)
        .column("coordinator_port", CqlTypes.INT).column("duration", CqlTypes.INT)
        .column("parameters", new MapType(CqlTypes.TEXT, CqlTypes.TEXT, false)).column("request", CqlTypes.TEXT)
        .column("started_at", CqlTypes.TIMESTAMP);
    for (Session s : sessions.values()) {
      Request r = s.request();
      long end = TracePacing.end(paced(s), r.coordinator(), r.startMicros(), r.endMicros());
      long duration = Math.max(0, end - r.startMicros());
      b.row(s.id(), r.client(), r.command(), addresses.apply(r.coordinator()), STORAGE_PORT,
          (int) Math.min(Integer.MAX_VALUE, duration), new TreeMap<>(r.parameters()), r.request(),
          Instant.ofEpochMilli(Math.floorDiv(r.startMicros(), 1000)));
    }
    return b.build();
  }

  synchronized VirtualTable events() {
    VirtualTable.Builder b = new VirtualTable.Builder("system_traces", "events").column("session_id", CqlTypes.UUID)
        .column("event_id", CqlTypes.TIMEUUID).column("activity", CqlTypes.TEXT).column("source", CqlTypes.INET)
        .column("source_elapsed", CqlTypes.INT).column("source_port", CqlTypes.INT).column("thread", CqlTypes.TEXT);
    for (Session s : sessions.values()) {
      for (Row row : rows(s)) {
        TraceEvent e = row.event();
        b.row(s.id(), row.id(), e.activity(this::endpoint), addresses.apply(e.node()), row.sourceElapsed(),
            STORAGE_PORT, e.stage().thread());
      }
    }
    return b.build();
  }
}
