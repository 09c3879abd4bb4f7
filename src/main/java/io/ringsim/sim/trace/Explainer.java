package io.ringsim.sim.trace;

import io.ringsim.report.Anomaly;
import io.ringsim.report.AnomalyStory;
import io.ringsim.report.Labels;
import io.ringsim.report.Lang;
import io.ringsim.report.SequenceDiagram;
import io.ringsim.sim.OpRecord;
import io.ringsim.sim.OpType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Explains the checker's anomalies from a run's trace and history: for the write that should have been seen, who
 * acknowledged it and when, which replica missed it and why (down, cut off, lost, hint stored or refused, replayed or
 * not); for the read, whom it asked, what each answered and which timestamp won. A counter cell has no timestamp
 * that wins: {@link CounterStory} tells its anomalies as sums of increments. The same code serves report.html and
 * {@code ringsim explain}, so both tell the same story.
 */
public final class Explainer {
  /** Time shown before the first and after the last operation of the story. */
  static final long MARGIN_MICROS = 20_000;
  /** Arrows drawn at most in one diagram; the rest of the window is counted as elided. */
  public static final int MAX_ARROWS = 80;

  private static final Pattern READ_ID = Pattern.compile("read #(\\d+)");

  private final TraceModel trace;
  private final Map<Long, List<TraceModel.Msg>> byToken = new HashMap<>();
  private final Set<String> hintReplays = new HashSet<>();
  private final Set<String> readRepairs = new HashSet<>();
  private final Map<String, List<OpRecord>> byRow = new HashMap<>();
  /** The operations on each partition ("keyspace.table key"): a row's key is its partition's, " / ", clustering. */
  private final Map<String, List<OpRecord>> byPartition = new HashMap<>();
  private final TraceDiagram diagrams;
  private final CounterStory counters;
  /** The language the stories are told in (the explain.* labels); the anomalies' details are said in it too. */
  private final Labels t;

  public Explainer(TraceModel trace, List<OpRecord> history) {
    this(trace, history, Lang.EN.labels());
  }

  public Explainer(TraceModel trace, List<OpRecord> history, Labels t) {
    this.trace = trace;
    this.t = t;
    for (TraceModel.Msg m : trace.messages()) {
      if (m.isEvent() && m.kind().equals("hint-replay")) hintReplays.add(m.from() + "/" + m.requestId());
      if (m.isEvent() && m.kind().equals("read-repair")) readRepairs.add(m.from() + "/" + m.requestId());
      if (m.token() != TraceModel.NO_TOKEN) byToken.computeIfAbsent(m.token(), k -> new ArrayList<>()).add(m);
    }
    diagrams = new TraceDiagram(trace, byToken, hintReplays, readRepairs, t);
    counters = new CounterStory(this, t, trace);
    for (OpRecord op : history) {
      byRow.computeIfAbsent(op.row(), k -> new ArrayList<>()).add(op);
      int cut = op.key().indexOf(" / ");
      byPartition.computeIfAbsent(op.table() + " " + (cut < 0 ? op.key() : op.key().substring(0, cut)),
          k -> new ArrayList<>()).add(op);
    }
  }

  /** Stories of every anomaly, numbered from 1 in the run's order. */
  public List<AnomalyStory> explainAll(List<Anomaly> anomalies) {
    List<AnomalyStory> out = new ArrayList<>();
    for (int i = 0; i < anomalies.size(); i++) out.add(explain(i + 1, anomalies.get(i), null, null));
    return out;
  }

  /** The story of one anomaly; {@code from} and {@code to} (micros, null = automatic) set the diagram's window. */
  public AnomalyStory explain(int number, Anomaly a, Long from, Long to) {
    String row = a.table() + " " + a.key();
    TraceModel.KeyInfo key = trace.key(a.table(), a.key());
    List<OpRecord> ops = byRow.getOrDefault(row, List.of());
    OpRecord read = null;
    Matcher m = READ_ID.matcher(a.details());
    if (m.find()) {
      // Ids count per workload: the read is the one of this row (and level) with that id.
      long id = Long.parseLong(m.group(1));
      for (OpRecord op : ops) {
        if (op.id() == id && op.type().isRead()
            && (read == null || op.consistency().name().equals(a.consistency()))) {
          read = op;
        }
      }
    }
    boolean lost = a.kind().equals("lost-write");
    OpRecord write = lastMutationBefore(ops, read != null ? read.invokeMicros() : Long.MAX_VALUE);
    StringBuilder story = new StringBuilder();
    long start = Long.MAX_VALUE, end = Long.MIN_VALUE;
    Set<String> missed = new LinkedHashSet<>();
    if (a.cell() != null) {
      // Judged cell by cell: the cell, what the checker found, and the partition's operations around it.
      ops = byPartition.getOrDefault(row, List.of());
      long at = a.atMillis() * 1000;
      String what = switch (a.kind()) {
        case "lost-write", "stale-read", "read-your-writes" -> t.get("explain.what." + a.kind());
        default -> capital(kindText(a.kind()));
      };
      boolean counter = CounterStory.isCounter(ops);
      if (!counter) {
        sentence(story, t.f("explain.cell", what, a.table(), a.key(), t.say(a.cell()), time(at), t.say(a.details())));
      }
      List<OpRecord> near = new ArrayList<>();
      for (OpRecord op : ops) {
        if (op.completeMicros() < at - 1_000_000 || op.invokeMicros() > at + 1_000_000) continue;
        near.add(op);
        start = Math.min(start, op.invokeMicros());
        end = Math.max(end, op.completeMicros());
      }
      if (counter) {
        counters.tell(story, a, what, key, ops, key == null ? List.of()
            : byToken.getOrDefault(key.tokenLong(), List.of()));
        story.append(t.get(key == null ? "explain.no-partition" : "explain.counter.diagram"));
      } else {
        if (!near.isEmpty()) {
          List<String> texts = new ArrayList<>();
          for (OpRecord op : near.subList(0, Math.min(MAX_LISTED, near.size()))) texts.add(opText(op));
          sentence(story, t.f(near.size() == 1 ? "explain.near.one" : "explain.near.many", near.size(),
              list(texts, near.size() - MAX_LISTED)));
        }
        story.append(t.get(key == null ? "explain.no-partition" : "explain.diagram"));
      }
    } else if (key == null) {
      story.append(t.f("explain.no-key", a.key(), a.table(), t.say(a.details())));
    } else if (write != null && (lost || read != null)) {
      start = write.invokeMicros();
      end = write.completeMicros();
      writeStory(story, key, write, read != null ? read.invokeMicros() : Long.MAX_VALUE, missed);
      if (read != null) {
        end = Math.max(end, read.completeMicros());
        readStory(story, key, read, write);
      } else {
        lostStory(story, a, write, ops);
      }
    } else {
      // LWT and other kinds: what happened on the row around the anomaly.
      long at = a.atMillis() * 1000;
      sentence(story, t.f("explain.row", capital(kindText(a.kind())), a.table(), a.key(), time(at),
          t.say(a.details())));
      int n = 0;
      List<OpRecord> near = new ArrayList<>();
      boolean timedOut = false;
      for (OpRecord op : ops) {
        if (op.completeMicros() < at - 1_000_000 || op.invokeMicros() > at + 1_000_000) continue;
        n++;
        start = Math.min(start, op.invokeMicros());
        end = Math.max(end, op.completeMicros());
        // Reads below SERIAL say nothing about Paxos's order, so the checker (and the story) leave them out.
        boolean ordered = !op.type().isRead() || op.consistency().isSerial();
        if (ordered) near.add(op);
        timedOut |= op.type() == OpType.LWT && !op.ok();
      }
      // The operations the checker weighed, nearest the one it could not place first, then in time order.
      near.sort((x, y) -> Long.compare(Math.abs(x.invokeMicros() - at), Math.abs(y.invokeMicros() - at)));
      List<OpRecord> listed = new ArrayList<>(near.subList(0, Math.min(MAX_LISTED, near.size())));
      listed.sort((x, y) -> Long.compare(x.invokeMicros(), y.invokeMicros()));
      if (listed.isEmpty()) sentence(story, t.f("explain.row-near", n));
      else {
        List<String> texts = new ArrayList<>();
        for (OpRecord op : listed) texts.add(opText(op));
        sentence(story, t.f("explain.row-near.weighed", n, list(texts, near.size() - listed.size())));
      }
      if (timedOut) sentence(story, t.get("explain.lwt-timeout"));
      story.append(t.get("explain.diagram"));
      if (n == 0) {
        start = at;
        end = at + 1000;
      }
    }
    if (start == Long.MAX_VALUE) {
      start = a.atMillis() * 1000;
      end = start + 1000;
    }
    long wFrom = from != null ? from : start - MARGIN_MICROS;
    long wTo = to != null ? to : end + MARGIN_MICROS;
    SequenceDiagram d = diagrams.diagram(key, ops, wFrom, wTo);
    return new AnomalyStory(number, a.kind(), a.table(), a.key(), key == null ? "" : key.token(),
        key == null ? List.of() : key.replicas(), a.atMillis(), story.toString().trim(), d);
  }

  /** A key's messages in a window, with no anomaly (explain --key). */
  public AnomalyStory explainKey(String table, String keyText, Long from, Long to) {
    TraceModel.KeyInfo key = trace.key(table, keyText);
    List<OpRecord> ops = byRow.getOrDefault(table + " " + keyText, List.of());
    long start = from != null ? from : ops.isEmpty() ? 0 : ops.get(0).invokeMicros() - MARGIN_MICROS;
    long end = to != null ? to : ops.isEmpty() ? start + 1_000_000
        : ops.stream().mapToLong(OpRecord::completeMicros).max().orElse(start) + MARGIN_MICROS;
    String story = key == null ? t.f("explain.story.key.none", keyText, table)
        : t.f("explain.story.key", ops.size(), table, keyText, key.token(), String.join(", ", key.replicas()));
    return new AnomalyStory(0, "key", table, keyText, key == null ? "" : key.token(),
        key == null ? List.of() : key.replicas(), start / 1000, story,
        diagrams.diagram(key, ops, start, end));
  }

  /** Operations listed at most in a story that has no single write and read to follow. */
  static final int MAX_LISTED = 8;

  private String opText(OpRecord op) {
    String failed = op.error() == null || op.error().isEmpty() ? op.outcome().label()
        : t.f("explain.op.failed", op.error());
    String what = switch (op.type()) {
      case LWT -> t.f("explain.op.lwt", op.id(), op.ok() ? "[applied] = " + op.applied() : failed);
      case READ -> t.f("explain.op.read", op.id(), op.consistency(), !op.ok() ? failed
          : op.version() < 0 ? t.get("explain.op.saw-none") : t.f("explain.op.saw", op.version()));
      default -> t.f("explain.op.other", typeWord(op.type()), op.id(), op.consistency(),
          op.ok() ? t.get("explain.op.ok") : failed);
    };
    return t.f("explain.op.via", what, op.coordinator(), time(op.invokeMicros()), time(op.completeMicros()));
  }

  /** Texts joined as a list, and how many more there were when {@code more} is above zero. */
  String list(List<String> texts, int more) {
    String sep = t.get("explain.sep");
    return String.join(sep, texts) + (more > 0 ? sep + t.f("explain.more", more) : "");
  }

  /** A sentence of the story, and the space after it (none in Chinese). */
  void sentence(StringBuilder story, String text) {
    story.append(text).append(t.get("explain.gap"));
  }

  /** An operation's type as the story says it ("write", "delete"...); an unknown type as it is. */
  private String typeWord(OpType type) {
    return t.has("explain.type." + type.label()) ? t.get("explain.type." + type.label()) : type.label();
  }

  // ---------------------------------------------------------------- the write

  private void writeStory(StringBuilder s, TraceModel.KeyInfo key, OpRecord w, long until, Set<String> missed) {
    List<TraceModel.Msg> msgs = byToken.getOrDefault(key.tokenLong(), List.of());
    // The write's request: the coordinator's first mutation (or local write) of this key with the write's timestamp.
    long req = -1;
    for (TraceModel.Msg m : msgs) {
      if (!m.from().equals(w.coordinator()) || m.sendMicros() < w.invokeMicros() || m.sendMicros() > w.completeMicros())
        continue;
      if ((m.kind().equals("mutation") || m.kind().equals("local-write") || m.kind().startsWith("hint-"))
          && (m.timestamp() == w.version() || w.version() < 0)) {
        req = m.requestId();
        break;
      }
    }
    sentence(s, t.f("explain.write", capital(typeWord(w.type())), w.id(), w.version(), w.consistency(),
        w.coordinator(), time(w.invokeMicros()), time(w.completeMicros())));
    if (req < 0) {
      sentence(s, t.get("explain.write.no-trace"));
      return;
    }
    List<String> parts = new ArrayList<>();
    for (String r : key.replicas()) {
      Fate fate = fate(msgs, w.coordinator(), req, r);
      parts.add(t.f("explain.replica", r, fate.text()));
      if (!fate.applied()) missed.add(r);
    }
    sentence(s, t.f("explain.replicas", String.join(", ", key.replicas()), String.join(t.get("explain.sep"), parts)));
    for (String r : missed) sentence(s, later(msgs, r, w.version(), until));
  }

  /** What became of the write at one replica, and whether the replica applied it. */
  private record Fate(String text, boolean applied) {}

  /** What became of the write's mutation to replica {@code r}: sent and acknowledged, dropped and why, hinted. */
  private Fate fate(List<TraceModel.Msg> msgs, String coord, long req, String r) {
    TraceModel.Msg sent = null, ack = null, local = null, hint = null;
    for (TraceModel.Msg m : msgs) {
      if (m.requestId() != req) continue;
      if (m.from().equals(coord) && m.to().equals(r)) {
        if (m.kind().equals("mutation") && !m.isEvent() && sent == null) sent = m;
        if (m.kind().equals("local-write")) local = m;
        if (m.kind().startsWith("hint-stored") || m.kind().equals("hint-refused")) hint = m;
      }
      if (m.from().equals(r) && m.to().equals(coord) && m.kind().equals("mutation-ack")) ack = m;
    }
    if (local != null) return new Fate(t.f("explain.fate.local", time(local.sendMicros())), true);
    if (sent != null) {
      String f;
      boolean applied = false;
      switch (sent.outcome()) {
        case "delivered" -> {
          if (ack == null) f = t.f("explain.fate.no-ack", time(sent.arriveMicros()));
          else if (ack.dropped()) {
            f = t.f("explain.fate.ack-dropped", time(sent.arriveMicros()), reason(ack.outcome()));
            applied = true;
          } else {
            f = t.f("explain.fate.acked", time(ack.arriveMicros()));
            applied = true;
          }
        }
        case "crashed" -> f = t.f("explain.fate.crashed", time(sent.sendMicros()), time(sent.arriveMicros()));
        default -> f = t.f("explain.fate.dropped", time(sent.sendMicros()), reason(sent.outcome()));
      }
      if (hint != null && hint.kind().equals("hint-stored")) f += t.get("explain.fate.hinted");
      return new Fate(f, applied);
    }
    if (hint != null) {
      return new Fate(t.f(hint.kind().equals("hint-stored") ? "explain.fate.hint-instead" : "explain.fate.no-hint",
          coord), false);
    }
    return new Fate(t.get("explain.fate.not-sent"), false);
  }

  /** How a replica that missed the write got it later (hint replay, read repair), or that it did not in time. */
  private String later(List<TraceModel.Msg> msgs, String r, long version, long until) {
    TraceModel.Msg firstDrop = null;
    int drops = 0;
    for (TraceModel.Msg m : msgs) {
      if (m.isEvent() || !m.to().equals(r) || !m.kind().equals("mutation") || m.timestamp() < version) continue;
      String how = hintReplays.contains(m.from() + "/" + m.requestId()) ? t.f("explain.later.hint", m.from())
          : readRepairs.contains(m.from() + "/" + m.requestId()) ? t.f("explain.later.read-repair", m.from())
          : null;
      if (how == null) continue;
      if (m.dropped()) {
        if (firstDrop == null) firstDrop = m;
        drops++;
        continue;
      }
      String when = until == Long.MAX_VALUE ? ""
          : t.get(m.sendMicros() < until ? "explain.later.before" : "explain.later.after");
      String what = m.timestamp() == version ? t.get("explain.later.the-write")
          : t.f("explain.later.newer", m.timestamp());
      return t.f("explain.later.got", r, what, how, time(m.arriveMicros()), when);
    }
    String none = t.f(until == Long.MAX_VALUE ? "explain.later.none" : "explain.later.none.before", r);
    for (TraceModel.Msg m : msgs) {
      if (m.isEvent() && m.kind().equals("hint-expired") && m.to().equals(r) && m.timestamp() >= version
          && m.sendMicros() < until) {
        return t.f("explain.later.expired", none, m.from(), r, time(m.sendMicros()));
      }
    }
    if (firstDrop == null) return t.f("explain.later.unreached", none);
    return drops == 1 ? t.f("explain.later.drop.one", none, time(firstDrop.sendMicros()), reason(firstDrop.outcome()))
        : t.f("explain.later.drop.many", none, drops, time(firstDrop.sendMicros()), reason(firstDrop.outcome()));
  }

  // ---------------------------------------------------------------- the read

  private void readStory(StringBuilder s, TraceModel.KeyInfo key, OpRecord rd, OpRecord w) {
    List<TraceModel.Msg> msgs = byToken.getOrDefault(key.tokenLong(), List.of());
    long req = TraceModel.readRequest(msgs, rd);
    List<String> answers = new ArrayList<>();
    if (req >= 0) {
      for (TraceModel.Msg m : msgs) {
        if (m.requestId() != req) continue;
        if (!m.from().equals(rd.coordinator())) continue;
        boolean local = m.isEvent() && m.kind().equals("local-read");
        if (!local && !m.kind().equals("read-data")) continue;
        TraceModel.Msg reply = null, answered = null;
        for (TraceModel.Msg x : msgs) {
          if (x.requestId() != req) continue;
          if (x.kind().equals("read-data-reply") && x.from().equals(m.to()) && x.to().equals(rd.coordinator()))
            reply = x;
          if (x.isEvent() && x.kind().equals("answer") && x.from().equals(rd.coordinator()) && x.to().equals(m.to()))
            answered = x;
        }
        String who = local ? t.get("explain.read.itself") : m.to();
        if (m.dropped()) answers.add(t.f("explain.read.ans.dropped", who, reason(m.outcome())));
        else if (reply != null && reply.dropped()) {
          answers.add(t.f("explain.read.ans.reply-dropped", who, reason(reply.outcome())));
        } else if (answered == null) answers.add(t.f("explain.read.ans.late", who));
        else answers.add(t.f("explain.read.ans", who, answer(answered.timestamp(), key)));
      }
    }
    sentence(s, t.f("explain.read", rd.id(), rd.consistency(), rd.coordinator(), time(rd.invokeMicros()),
        answers.isEmpty() ? t.get("explain.read.asked-none") : t.f("explain.read.asked",
            String.join(t.get("explain.comma"), answers))));
    String writer = writer(key, rd.version());
    s.append(rd.version() < 0 ? t.f("explain.read.none", w.id(), w.version())
        : t.f("explain.read.won", rd.version(), writer == null ? "" : t.f("explain.read.writer", writer), w.id(),
            w.version()));
    OpRecord winner = null;
    for (OpRecord op : byRow.getOrDefault(key.table() + " " + key.key(), List.of())) {
      if (op.version() == rd.version() && op.type() != OpType.READ) winner = op;
    }
    if (winner != null && winner.version() > w.version() && winner.completeMicros() < w.invokeMicros()) {
      s.append(t.get("explain.gap"));
      lwwClause(s, winner, w);
    }
  }

  /**
   * Why a write that came first in real time still wins: its timestamp is higher, because timestamps are the
   * coordinators' clocks, and the later write's coordinator ran behind (a clock skew of the timeline, when there is
   * one).
   */
  private void lwwClause(StringBuilder s, OpRecord newer, OpRecord w) {
    s.append(t.f("explain.lww", capital(typeWord(newer.type())), newer.id(), time(newer.completeMicros()), w.id(),
        newer.version(), newer.coordinator(), w.version(), w.coordinator()));
    String skew = skewAt(w.coordinator(), w.invokeMicros());
    if (skew != null) s.append(t.get("explain.gap")).append(t.f("explain.lww.skew", skew));
  }

  /** The clock skew in force on {@code node} at {@code at}, as the timeline set it ("n2's clock -3000 ms at 20 s"). */
  private String skewAt(String node, long at) {
    TraceModel.Fault skew = null;
    for (TraceModel.Fault f : trace.faults()) {
      if (f.atMicros() > at) break;
      if (f.kind().equals("clock-skew") && f.text().startsWith(node + " ")) skew = f;
    }
    if (skew == null || skew.text().endsWith(" 0 ms")) return null;
    // the event's English text: "n2 clock skewed by -3000 ms"
    String by = skew.text().substring(skew.text().indexOf(" clock skewed by ") + " clock skewed by ".length());
    return t.f("explain.skew", node, by, time(skew.atMicros()));
  }

  private void lostStory(StringBuilder s, Anomaly a, OpRecord w, List<OpRecord> ops) {
    s.append(t.f("explain.lost", t.say(a.details().replaceFirst("^after healing, a read at ALL ", ""))));
    if (w.type() == OpType.DELETE) purgeStory(s, a, w);
    OpRecord newer = null;
    for (OpRecord op : ops) {
      if (op.ok() && op.version() > w.version() && op.completeMicros() < w.invokeMicros()) newer = op;
    }
    if (newer != null) {
      s.append(t.get("explain.gap"));
      lwwClause(s, newer, w);
    }
  }

  /** Which replicas' compactions dropped the deletion's tombstone, so nothing shadowed an old copy of the row. */
  private void purgeStory(StringBuilder s, Anomaly a, OpRecord w) {
    TraceModel.KeyInfo key = trace.key(a.table(), a.key());
    if (key == null) return;
    List<String> purges = new ArrayList<>();
    for (TraceModel.Msg m : byToken.getOrDefault(key.tokenLong(), List.of())) {
      if (m.isEvent() && m.kind().equals("tombstone-purged") && m.sendMicros() > w.completeMicros())
        purges.add(t.f("explain.purge.at", m.from(), time(m.sendMicros())));
    }
    if (purges.isEmpty()) return;
    s.append(t.get("explain.gap")).append(t.f("explain.purge", String.join(t.get("explain.comma"), purges)));
  }

  private String answer(long ts, TraceModel.KeyInfo key) {
    if (ts < 0) return t.get("explain.ans.no-data");
    String w = writer(key, ts);
    return w == null ? t.f("explain.ans.ts", ts) : t.f("explain.ans.ts-writer", ts, w);
  }

  private String writer(TraceModel.KeyInfo key, long ts) {
    for (OpRecord op : byRow.getOrDefault(key.table() + " " + key.key(), List.of())) {
      if (op.version() == ts && op.type() != OpType.READ) return t.f("explain.writer", op.id());
    }
    return null;
  }

  // ---------------------------------------------------------------- helpers

  private static OpRecord lastMutationBefore(List<OpRecord> ops, long before) {
    OpRecord last = null;
    for (OpRecord op : ops) {
      boolean mutation = op.type() == OpType.WRITE || op.type() == OpType.DELETE
          || (op.type() == OpType.LWT && Boolean.TRUE.equals(op.applied()));
      if (!mutation || !op.ok() || op.completeMicros() >= before) continue;
      if (last == null || op.completeMicros() >= last.completeMicros()) last = op;
    }
    return last;
  }

  String reason(String outcome) {
    return switch (outcome) {
      case "partitioned", "lost", "crashed", "undeliverable" -> t.get("explain.reason." + outcome);
      default -> outcome;
    };
  }

  private String kindText(String kind) {
    return switch (kind) {
      case "lwt", "lwt-unchecked" -> t.get("explain.kind." + kind);
      default -> kind;
    };
  }

  /** A simulated time as people read it: seconds with milliseconds. */
  public static String time(long micros) {
    return millis(micros) + " s";
  }

  /** Seconds with three decimals, rounded as %.3f would (String.format is slow in a report's hot loop). */
  public static String millis(long micros) {
    long ms = Math.round(micros / 1000.0);
    String sign = ms < 0 ? "-" : "";
    ms = Math.abs(ms);
    long frac = ms % 1000;
    return sign + ms / 1000 + "." + (frac < 10 ? "00" : frac < 100 ? "0" : "") + frac;
  }

  private static String capital(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
