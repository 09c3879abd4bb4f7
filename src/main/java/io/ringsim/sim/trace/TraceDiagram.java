package io.ringsim.sim.trace;

import io.ringsim.report.SequenceDiagram;
import io.ringsim.sim.OpRecord;
import io.ringsim.sim.OpType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The sequence diagram of a key in a time window, from the trace: the clients' operations on the key, every message
 * and node event about it (hint replays and read repairs named as such), the faults as bands. At most
 * {@link Explainer#MAX_ARROWS} arrows; the rest of the key's messages are counted as elided.
 */
final class TraceDiagram {
  private final TraceModel trace;
  private final Map<Long, List<TraceModel.Msg>> byToken;
  private final Set<String> hintReplays;
  private final Set<String> readRepairs;

  /** The language of the bands' words (a crash, a partition). */
  private final io.ringsim.report.Labels t;

  TraceDiagram(TraceModel trace, Map<Long, List<TraceModel.Msg>> byToken, Set<String> hintReplays,
      Set<String> readRepairs, io.ringsim.report.Labels t) {
    this.t = t;
    this.trace = trace;
    this.byToken = byToken;
    this.hintReplays = hintReplays;
    this.readRepairs = readRepairs;
  }

  /** The messages about {@code key} and the operations on it from {@code from} to {@code to} (micros). */
  SequenceDiagram diagram(TraceModel.KeyInfo key, List<OpRecord> ops, long from, long to) {
    LinkedHashSet<String> clients = new LinkedHashSet<>(), coords = new LinkedHashSet<>();
    List<SequenceDiagram.Arrow> arrows = new ArrayList<>();
    int before = 0, after = 0;
    List<SequenceDiagram.Arrow> timed = new ArrayList<>();
    for (OpRecord op : ops) {
      if (op.completeMicros() < from || op.invokeMicros() > to) continue;
      String client = op.workload() + "/" + op.worker();
      clients.add(client);
      coords.add(op.coordinator());
      String what = t.f("diagram.op", type(op.type()), op.id(), op.consistency());
      timed.add(new SequenceDiagram.Arrow(op.invokeMicros(), op.invokeMicros(), client,
          op.coordinator(), what, "delivered"));
      // A counter has no last-write-wins timestamp to show: an increment, or a read that observed none, is "ok".
      String result = !op.ok() ? (op.error() == null ? op.outcome().label() : op.error())
          : op.type() == OpType.READ ? (op.version() < 0 ? t.get("diagram.result.no-row")
              : t.f("diagram.result.ts", op.version()))
          : op.type() == OpType.INCREMENT || op.version() < 0 ? t.get("diagram.result.done")
          : t.f("diagram.result.ok", op.version());
      timed.add(new SequenceDiagram.Arrow(op.completeMicros(), op.completeMicros(), op.coordinator(),
          client, t.f("diagram.op.result", what, result), "delivered"));
    }
    if (key != null) {
      for (TraceModel.Msg m : byToken.getOrDefault(key.tokenLong(), List.of())) {
        if (!m.table().isEmpty() && !m.table().equals(key.table())) continue;
        if (m.sendMicros() < from) {
          before++;
          continue;
        }
        if (m.sendMicros() > to) {
          after++;
          continue;
        }
        String label = label(m);
        timed.add(new SequenceDiagram.Arrow(m.sendMicros(), m.arriveMicros(), m.from(), m.to(), label,
            m.outcome()));
      }
    }
    timed.sort(java.util.Comparator.comparingLong(SequenceDiagram.Arrow::sendMicros));
    for (SequenceDiagram.Arrow a : timed) {
      if (arrows.size() >= Explainer.MAX_ARROWS) {
        after++;
        continue;
      }
      arrows.add(a);
    }
    List<String> lanes = new ArrayList<>(clients);
    for (String c : coords) if (!lanes.contains(c)) lanes.add(c);
    if (key != null) for (String rep : key.replicas()) if (!lanes.contains(rep)) lanes.add(rep);
    for (SequenceDiagram.Arrow a : arrows) {
      if (!lanes.contains(a.from())) lanes.add(a.from());
      if (!lanes.contains(a.to())) lanes.add(a.to());
    }
    return new SequenceDiagram(lanes, from, to, arrows, bands(lanes, from, to), before, after, clients.size());
  }

  private String label(TraceModel.Msg m) {
    String kind = m.kind();
    if (kind.equals("mutation")) {
      if (hintReplays.contains(m.from() + "/" + m.requestId())) kind = "hint";
      else if (readRepairs.contains(m.from() + "/" + m.requestId())) kind = "read-repair";
    }
    if (m.isEvent()) {
      String ts = m.timestamp() >= 0 ? t.f("diagram.ts", m.timestamp()) : "";
      return switch (kind) {
        case "hint-replay" -> t.f("diagram.ev.hint-replay", m.to(), m.timestamp());
        case "hint-stored" -> t.f("diagram.ev.hint-stored", m.to(), ts);
        case "hint-refused" -> t.f("diagram.ev.hint-refused", m.to());
        case "answer" -> m.timestamp() < 0 ? t.f("diagram.ev.answer.no-data", m.to())
            : t.f("diagram.ev.answer", m.to(), ts);
        case "read-repair" -> t.f("diagram.ev.read-repair", m.to(), ts);
        case "local-write" -> t.f("diagram.ev.local-write", ts);
        case "local-read" -> t.get("diagram.ev.local-read");
        case "hint-expired" -> t.f("diagram.ev.hint-expired", m.to(), ts);
        case "tombstone-purged" -> t.get("diagram.ev.tombstone-purged");
        case "flush" -> t.f("diagram.ev.flush", m.timestamp());
        case "compaction" -> t.f("diagram.ev.compaction", m.timestamp());
        default -> kind + ts;
      };
    }
    return messageKind(kind) + (m.timestamp() >= 0 ? t.f("diagram.ts", m.timestamp()) : "");
  }

  /** A message's kind: Cassandra's verb as the trace names it, but hints and read repairs in the reader's words. */
  private String messageKind(String kind) {
    return t.has("diagram.kind." + kind) ? t.get("diagram.kind." + kind) : kind;
  }

  /** An operation's type (write, read, delete, lwt) in the reader's words. */
  private String type(OpType type) {
    return t.has("explain.type." + type.label()) ? t.get("explain.type." + type.label()) : type.label();
  }

  /** Crashes (per lane, until the restart) and partitions (across all lanes, until the heal) in the window. */
  private List<SequenceDiagram.Band> bands(List<String> lanes, long from, long to) {
    List<SequenceDiagram.Band> out = new ArrayList<>();
    Map<String, Long> downSince = new HashMap<>();
    Long cut = null;
    String cutText = "";
    for (TraceModel.Fault f : trace.faults()) {
      String node = f.text().split(" ")[0];
      switch (f.kind()) {
        case "crash" -> downSince.put(node, f.atMicros());
        case "restart" -> {
          Long s = downSince.remove(node);
          if (s != null) add(out, lanes, node, s, f.atMicros(), from, to, t.f("explain.band.down", node,
              Explainer.time(s), Explainer.time(f.atMicros())));
        }
        case "partition" -> {
          if (cut == null) cut = f.atMicros();
          cutText = f.text();
        }
        case "heal" -> {
          if (cut != null) add(out, lanes, "", cut, f.atMicros(), from, to, t.f("explain.band.cut", t.say(cutText),
              Explainer.time(cut), Explainer.time(f.atMicros())));
          cut = null;
        }
        default -> { }
      }
    }
    for (Map.Entry<String, Long> e : new java.util.TreeMap<>(downSince).entrySet())
      add(out, lanes, e.getKey(), e.getValue(), Long.MAX_VALUE, from, to, t.f("explain.band.down.open", e.getKey(),
          Explainer.time(e.getValue())));
    if (cut != null) add(out, lanes, "", cut, Long.MAX_VALUE, from, to, t.f("explain.band.cut.open", t.say(cutText),
        Explainer.time(cut)));
    return out;
  }

  private static void add(List<SequenceDiagram.Band> out, List<String> lanes, String lane, long s, long e, long from,
      long to, String text) {
    if (e < from || s > to) return;
    if (!lane.isEmpty() && !lanes.contains(lane)) return;
    out.add(new SequenceDiagram.Band(Math.max(s, from), Math.min(e, to), lane, text));
  }

}
