package io.ringsim.server;

import io.ringsim.cluster.node.TraceEvent;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.types.CqlTypes;
import java.net.InetAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The traced requests of a served cluster, as Cassandra keeps them in system_traces.sessions and events: what a
 * driver reads after a request with the tracing flag, and what cqlsh prints with TRACING ON. Each event's source is
 * the address of the node that did the work. Times are the simulation's (microseconds since it started).
 */
final class TraceStore {
  /** At most this many sessions are kept; the oldest go first. */
  static final int MAX_SESSIONS = 1000;

  record Session(UUID id, InetAddress coordinator, String command, String request, Map<String, String> parameters,
      long startMicros, long durationMicros, List<TraceEvent> events, List<UUID> eventIds) {}

  private final TreeMap<Long, Session> sessions = new TreeMap<>();
  private final AtomicLong sequence = new AtomicLong();
  private final java.util.function.Function<String, InetAddress> addresses;

  TraceStore(java.util.function.Function<String, InetAddress> addresses) {
    this.addresses = addresses;
  }

  /** A version-1 (time) UUID for virtual time: Cassandra's session and event ids are time UUIDs. */
  UUID timeUuid(long micros) {
    long ticks = micros * 10 + 0x01B21DD213814000L; // 100 ns intervals since 1582-10-15
    long msb = (ticks << 32) | ((ticks >>> 16) & 0xFFFF0000L) | 0x1000L | ((ticks >>> 48) & 0x0FFFL);
    long lsb = 0x8000000000000000L | (sequence.incrementAndGet() & 0x3FFFFFFFFFFFFFFFL);
    return new UUID(msb, lsb);
  }

  synchronized UUID record(String coordinator, String command, String request, Map<String, String> parameters,
      long startMicros, long endMicros, List<TraceEvent> events) {
    UUID id = timeUuid(startMicros);
    long key = sequence.incrementAndGet();
    List<UUID> eventIds = new ArrayList<>();
    for (TraceEvent e : events) eventIds.add(timeUuid(e.atMicros()));
    sessions.put(key, new Session(id, addresses.apply(coordinator), command, request, parameters, startMicros,
        Math.max(0, endMicros - startMicros), List.copyOf(events), eventIds));
    while (sessions.size() > MAX_SESSIONS) sessions.pollFirstEntry();
    return id;
  }

  synchronized VirtualTable sessions() {
    VirtualTable.Builder b = new VirtualTable.Builder("system_traces", "sessions").column("session_id", CqlTypes.UUID)
        .column("client", CqlTypes.INET).column("command", CqlTypes.TEXT).column("coordinator", CqlTypes.INET)
        .column("coordinator_port", CqlTypes.INT).column("duration", CqlTypes.INT)
        .column("parameters", new MapType(CqlTypes.TEXT, CqlTypes.TEXT, false)).column("request", CqlTypes.TEXT)
        .column("started_at", CqlTypes.TIMESTAMP);
    for (Session s : sessions.values()) {
      b.row(s.id(), null, s.command(), s.coordinator(), null, (int) Math.min(Integer.MAX_VALUE, s.durationMicros()),
          new TreeMap<>(s.parameters()), s.request(), Instant.ofEpochMilli(s.startMicros() / 1000));
    }
    return b.build();
  }

  synchronized VirtualTable events() {
    VirtualTable.Builder b = new VirtualTable.Builder("system_traces", "events").column("session_id", CqlTypes.UUID)
        .column("event_id", CqlTypes.TIMEUUID).column("activity", CqlTypes.TEXT).column("source", CqlTypes.INET)
        .column("source_elapsed", CqlTypes.INT).column("source_port", CqlTypes.INT).column("thread", CqlTypes.TEXT);
    for (Session s : sessions.values()) {
      for (int i = 0; i < s.events().size(); i++) {
        TraceEvent e = s.events().get(i);
        b.row(s.id(), s.eventIds().get(i), e.activity(), addresses.apply(e.node()),
            (int) Math.max(0, e.atMicros() - s.startMicros()), null, e.node());
      }
    }
    return b.build();
  }
}
