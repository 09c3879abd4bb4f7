package io.ringsim.sim.trace;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.report.Anomaly;
import io.ringsim.report.Labels;
import io.ringsim.report.Lang;
import io.ringsim.sim.OpOutcome;
import io.ringsim.sim.OpRecord;
import io.ringsim.sim.OpType;
import io.ringsim.sim.cells.CellCapture;
import io.ringsim.sim.cells.ServedOp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The story of an anomaly on a counter cell, in counter terms. A counter is not last-write-wins: its value is the sum
 * of the increments that reached the replicas a read asked, each replica holding one shard per leader (the replica
 * that counted the increment), and replicas keeping each leader's newest shard. So the story says what the read
 * returned against the checker's bounds, which increments were acknowledged before it (sure) and which may or may not
 * have counted, and, from the trace, which acknowledged increment the replicas that answered had not got.
 *
 * <p>The run's files keep neither an increment's delta, nor which counters of its row it changed, nor a read's
 * value: the value and the bounds are the checker's, read back from the anomaly's detail, and the story says so.
 */
final class CounterStory {
  /** Acknowledged increments listed at most, the latest before the read. */
  static final int LISTED_SURE = 4;

  private static final Pattern LOST = Pattern.compile("(\\d+) lost");

  private final Explainer ex;
  private final Labels t;
  private final TraceModel trace;

  CounterStory(Explainer ex, Labels t, TraceModel trace) {
    this.ex = ex;
    this.t = t;
    this.trace = trace;
  }

  /** Whether the partition's operations are a counter table's: increments are all it is written with. */
  static boolean isCounter(List<OpRecord> partitionOps) {
    for (OpRecord op : partitionOps) if (op.type() == OpType.INCREMENT) return true;
    return false;
  }

  /** What the checker said, read back from the anomaly's detail (the run's files keep nothing else of it). */
  private record Bounds(String value, String sure, String sureCount, String lo, String hi, boolean missing,
      boolean promised) {}

  private static Bounds bounds(String details) {
    Labels en = Lang.EN.labels();
    String[] f = en.figures("say.served.counter.missing.not-promised", details);
    if (f != null) return new Bounds(f[1], f[2], f[3], f[4], f[5], true, false);
    f = en.figures("say.served.counter.missing", details);
    if (f != null) return new Bounds(f[1], f[2], f[3], f[4], f[5], true, true);
    f = en.figures("say.served.counter.unexplained", details);
    if (f != null) return new Bounds(f[1], null, null, f[2], f[3], false, true);
    return null;
  }

  private static final Pattern READ_ID = Pattern.compile("read #(\\d+)");

  /**
   * Appends the story of counter anomaly {@code a} ({@code what} kind of anomaly it is, in words): {@code ops} are
   * the partition's operations, {@code msgs} the key's messages (key null: the trace has none).
   */
  void tell(StringBuilder s, Anomaly a, String what, TraceModel.KeyInfo key, List<OpRecord> ops,
      List<TraceModel.Msg> msgs) {
    // The read is one of the partition's (a row's or a slice's); none for the read-back at ALL, which the history
    // does not hold. Ids count per workload, so the level tells two reads with the same id apart.
    OpRecord read = null;
    Matcher id = READ_ID.matcher(a.details());
    if (id.find()) {
      long n = Long.parseLong(id.group(1));
      for (OpRecord op : ops) {
        if (op.id() == n && op.type().isRead() && op.consistency().name().equals(a.consistency())) read = op;
      }
    }
    List<TraceModel.Msg> mine = new ArrayList<>();
    for (TraceModel.Msg m : msgs) if (a.table().equals(m.table())) mine.add(m);
    ex.sentence(s, t.f("explain.counter.cell", what, a.table(), a.key(), t.say(a.cell())));
    Bounds b = bounds(a.details());
    List<String> answerers = new ArrayList<>();
    Map<String, Long> readAt = new LinkedHashMap<>();
    if (read != null) {
      String asked = asked(read, mine, answerers, readAt);
      String value = b == null ? t.get("explain.counter.value-unknown") : t.say(b.value());
      ex.sentence(s, t.f("explain.counter.read", read.id(), read.consistency(), read.coordinator(),
          Explainer.time(read.invokeMicros()), Explainer.time(read.completeMicros()), asked, value));
    }
    if (b == null) {
      ex.sentence(s, t.f("explain.counter.detail", t.say(a.details())));
    } else if (b.missing()) {
      ex.sentence(s, t.f("explain.counter.bounds", b.sureCount(), b.sure(), b.lo(), b.hi(), t.say(b.value())));
      if (!b.promised()) ex.sentence(s, t.get("explain.counter.not-promised"));
    } else {
      ex.sentence(s, t.f("explain.counter.unexplained", b.lo(), b.hi(), t.say(b.value())));
    }
    // The increments of the cell's row: the history says which row an increment wrote, not which counters of it.
    List<OpRecord> incs = rowIncrements(a, ops);
    String row = incs.isEmpty() ? a.key() : incs.get(0).key();
    ex.sentence(s, t.f("explain.counter.no-deltas", a.table(), row));
    if (read == null) return;
    long began = read.invokeMicros();
    List<OpRecord> sure = new ArrayList<>();
    for (OpRecord w : incs) if (w.ok() && w.completeMicros() < began) sure.add(w);
    sure.sort(Comparator.comparingLong(OpRecord::completeMicros));
    Map<Long, Led> led = new HashMap<>();
    for (OpRecord w : incs) led.put(w.id(), led(mine, w));
    if (sure.isEmpty()) ex.sentence(s, t.get("explain.counter.acked.none"));
    else {
      List<String> texts = new ArrayList<>();
      List<OpRecord> latest = sure.subList(Math.max(0, sure.size() - LISTED_SURE), sure.size());
      for (int i = latest.size() - 1; i >= 0; i--) texts.add(incText(latest.get(i), led.get(latest.get(i).id())));
      ex.sentence(s, t.f(sure.size() == 1 ? "explain.counter.acked.one" : "explain.counter.acked", sure.size(),
          ex.list(texts, sure.size() - latest.size())));
    }
    if (b != null && b.missing() && key != null) missing(s, sure, incs, led, mine, answerers, readAt);
    maybe(s, incs, read);
  }

  /** The increments of the anomaly's row (its cell's row of a table with clustering columns), in time order. */
  private static List<OpRecord> rowIncrements(Anomaly a, List<OpRecord> ops) {
    String rowKey = a.key();
    String cell = a.cell() == null ? "" : a.cell();
    // "row (0) column errors": the history writes that row's key as "0 / 0"
    if (cell.startsWith("row (") && cell.indexOf(") ") > 5) rowKey = a.key() + " / " + cell.substring(5,
        cell.indexOf(") "));
    List<OpRecord> out = new ArrayList<>(), all = new ArrayList<>();
    for (OpRecord op : ops) {
      if (op.type() != OpType.INCREMENT) continue;
      all.add(op);
      if (op.key().equals(rowKey)) out.add(op);
    }
    return out.isEmpty() ? all : out;
  }

  /** Whom the read asked and which of them answered (with when each read its own data), as a clause. */
  private String asked(OpRecord rd, List<TraceModel.Msg> msgs, List<String> answerers, Map<String, Long> readAt) {
    long req = TraceModel.readRequest(msgs, rd);
    List<String> parts = new ArrayList<>();
    for (TraceModel.Msg m : msgs) {
      if (req < 0 || m.requestId() != req || !m.from().equals(rd.coordinator())) continue;
      boolean local = m.isEvent() && m.kind().equals("local-read");
      if (!local && !m.kind().equals("read-data")) continue;
      TraceModel.Msg reply = null, answered = null;
      for (TraceModel.Msg x : msgs) {
        if (x.requestId() != req) continue;
        if (x.kind().equals("read-data-reply") && x.from().equals(m.to()) && x.to().equals(rd.coordinator())) reply = x;
        if (x.isEvent() && x.kind().equals("answer") && x.from().equals(rd.coordinator()) && x.to().equals(m.to()))
          answered = x;
      }
      String who = local ? t.get("explain.read.itself") : m.to();
      if (m.dropped()) parts.add(t.f("explain.read.ans.dropped", who, ex.reason(m.outcome())));
      else if (reply != null && reply.dropped()) parts.add(t.f("explain.read.ans.reply-dropped", who,
          ex.reason(reply.outcome())));
      else if (answered == null) parts.add(t.f("explain.read.ans.late", who));
      else {
        parts.add(local ? t.f("explain.counter.ans.itself", m.to()) : who);
        answerers.add(m.to());
        readAt.put(m.to(), local ? m.sendMicros() : m.arriveMicros());
      }
    }
    return parts.isEmpty() ? t.get("explain.read.asked-none")
        : t.f("explain.read.asked", String.join(t.get("explain.comma"), parts));
  }

  /** The leader that counted an increment, its request there and when it counted it; leader null: not known. */
  private record Led(String leader, long request, long at) {}

  private static Led led(List<TraceModel.Msg> msgs, OpRecord w) {
    String leader = w.coordinator();
    long from = w.invokeMicros();
    for (TraceModel.Msg m : msgs) {
      if (m.kind().equals("counter-forward") && !m.isEvent() && m.from().equals(w.coordinator())
          && m.sendMicros() >= w.invokeMicros() && m.sendMicros() <= w.completeMicros()) {
        if (m.dropped()) return new Led(m.to(), -1, -1);
        leader = m.to();
        from = m.arriveMicros();
        break;
      }
    }
    TraceModel.Msg first = null;
    for (TraceModel.Msg m : msgs) {
      if (!m.isEvent() || !m.kind().equals("local-write") || !m.from().equals(leader)) continue;
      if (m.sendMicros() < from || m.sendMicros() > w.completeMicros()) continue;
      if (m.sendMicros() == from) return new Led(leader, m.requestId(), m.sendMicros());
      if (first == null) first = m;
    }
    return first == null ? new Led(null, -1, -1) : new Led(leader, first.requestId(), first.sendMicros());
  }

  private String incText(OpRecord w, Led l) {
    String acked = Explainer.time(w.completeMicros());
    return l == null || l.leader() == null || l.leader().equals(w.coordinator())
        ? t.f("explain.counter.inc", w.id(), w.consistency(), w.coordinator(), acked)
        : t.f("explain.counter.inc.led", w.id(), w.consistency(), w.coordinator(), l.leader(), acked);
  }

  /**
   * When replica {@code r} first held increment {@code w}'s shard within [{@code from}, {@code until}): its leader
   * counted it there, the leader's mutation of it arrived, or a later increment of the same row by the same leader
   * arrived (its shard carries the earlier count); -1 if not.
   */
  private static long heldAt(String r, OpRecord w, Map<Long, Led> led, List<OpRecord> incs, List<TraceModel.Msg> msgs,
      long from, long until) {
    Led l = led.get(w.id());
    if (l == null || l.leader() == null || l.request() < 0) return -1;
    if (l.leader().equals(r)) return l.at() >= from && l.at() < until ? l.at() : -1;
    java.util.Set<Long> carriers = new java.util.HashSet<>();
    for (OpRecord o : incs) {
      Led lo = led.get(o.id());
      if (lo != null && l.leader().equals(lo.leader()) && lo.request() >= 0 && lo.at() >= l.at())
        carriers.add(lo.request());
    }
    long best = -1;
    for (TraceModel.Msg m : msgs) {
      if (m.isEvent() || m.dropped() || !m.kind().equals("mutation") || !m.from().equals(l.leader())
          || !m.to().equals(r)) continue;
      if (!carriers.contains(m.requestId()) || m.arriveMicros() < from || m.arriveMicros() >= until) continue;
      if (best < 0 || m.arriveMicros() < best) best = m.arriveMicros();
    }
    return best;
  }

  /** Which acknowledged increment the replicas that answered had not got, from the trace. */
  private void missing(StringBuilder s, List<OpRecord> sure, List<OpRecord> incs, Map<Long, Led> led,
      List<TraceModel.Msg> msgs, List<String> answerers, Map<String, Long> readAt) {
    if (answerers.isEmpty()) return;
    String who = String.join(t.get("explain.comma"), answerers);
    List<String> missed = new ArrayList<>();
    int missedCount = 0;
    for (int i = sure.size() - 1; i >= 0; i--) {
      OpRecord w = sure.get(i);
      boolean held = false;
      for (String r : answerers) held |= heldAt(r, w, led, incs, msgs, 0, readAt.get(r)) >= 0;
      if (held) continue;
      missedCount++;
      if (missed.size() < Explainer.MAX_LISTED) {
        missed.add(t.f("explain.counter.missed.inc", incText(w, led.get(w.id())),
            fate(w, led.get(w.id()), answerers.get(0), msgs, readAt.get(answerers.get(0)))));
      }
    }
    if (missedCount > 0) {
      ex.sentence(s, t.f(missedCount == 1 ? "explain.counter.missed.one" : "explain.counter.missed", who,
          ex.list(missed, missedCount - missed.size()), missedCount));
      return;
    }
    // Each one reached a replica that answered; one that crashed and lost its unsynced commit log may have lost it.
    if (answerers.size() == 1) {
      String r = answerers.get(0);
      TraceModel.Fault crash = null;
      for (TraceModel.Fault f : trace.faults()) {
        if (f.atMicros() >= readAt.get(r)) break;
        if (f.kind().equals("crash") && f.text().startsWith(r + " ")) crash = f;
        if (crash != null && f.kind().equals("restart") && f.text().startsWith(r + " ")
            && f.atMicros() > crash.atMicros()) {
          Matcher m = LOST.matcher(f.text());
          if (!m.find() || Long.parseLong(m.group(1)) == 0) continue;
          // What the restart lost are the newest shards it had applied. A leader syncs its commit log before it
          // replicates its shard, so they are other leaders' shards; a later shard of the same leader would have
          // brought the count back. So: per such leader, the newest increment that had reached it before the crash.
          List<String> lost = new ArrayList<>();
          java.util.Set<String> leaders = new java.util.HashSet<>();
          for (int i = sure.size() - 1; i >= 0; i--) {
            OpRecord w = sure.get(i);
            Led l = led.get(w.id());
            if (l == null || l.leader() == null || r.equals(l.leader()) || leaders.contains(l.leader())) continue;
            if (heldAt(r, w, led, incs, msgs, 0, crash.atMicros()) < 0) continue;
            leaders.add(l.leader());
            if (heldAt(r, w, led, incs, msgs, f.atMicros(), readAt.get(r)) >= 0) continue;
            lost.add(incText(w, l));
          }
          if (!lost.isEmpty()) {
            ex.sentence(s, t.f("explain.counter.crash-lost", r, Explainer.time(crash.atMicros()),
                Explainer.time(f.atMicros()), m.group(1), ex.list(lost, 0)));
            return;
          }
        }
      }
    }
    ex.sentence(s, t.f("explain.counter.missed.unknown", who));
  }

  /** Why replica {@code r} did not hold increment {@code w} when it read: its leader's mutation to it, in the trace. */
  private String fate(OpRecord w, Led l, String r, List<TraceModel.Msg> msgs, long until) {
    if (l == null || l.leader() == null) return t.get("explain.counter.fate.no-leader");
    if (l.request() < 0) return t.f("explain.counter.fate.not-led", l.leader());
    for (TraceModel.Msg m : msgs) {
      if (m.requestId() != l.request() || m.isEvent() || !m.kind().equals("mutation") || !m.from().equals(l.leader())
          || !m.to().equals(r)) continue;
      if (m.dropped()) return t.f("explain.counter.fate.dropped", l.leader(), Explainer.time(m.sendMicros()),
          Explainer.time(m.arriveMicros()), ex.reason(m.outcome()));
      if (m.arriveMicros() >= until) return t.f("explain.counter.fate.late", Explainer.time(m.arriveMicros()));
    }
    for (TraceModel.Msg m : msgs) {
      if (m.requestId() == l.request() && m.isEvent() && m.kind().equals("hint-stored") && m.to().equals(r))
        return t.f("explain.counter.fate.hint-instead", l.leader());
    }
    return t.f("explain.counter.fate.not-sent", l.leader());
  }

  /** The increments that may or may not have counted for the read: failed without a refusal, or still running. */
  private void maybe(StringBuilder s, List<OpRecord> incs, OpRecord read) {
    List<String> texts = new ArrayList<>();
    int n = 0;
    for (int i = incs.size() - 1; i >= 0; i--) {
      OpRecord w = incs.get(i);
      if (w.invokeMicros() > read.completeMicros()) continue;
      String text = null;
      if (w.ok() && w.completeMicros() >= read.invokeMicros()) {
        text = t.f("explain.counter.maybe.running", w.id(), w.consistency(), w.coordinator(),
            Explainer.time(w.invokeMicros()), Explainer.time(w.completeMicros()));
      } else if (!w.ok() && mayHaveCounted(w)) {
        String how = w.error() == null || w.error().isEmpty() ? w.outcome().label() : w.error();
        text = t.f("explain.counter.maybe.failed", w.id(), w.consistency(), w.coordinator(),
            Explainer.time(w.invokeMicros()), how, Explainer.time(w.completeMicros()));
      }
      if (text == null) continue;
      n++;
      if (texts.size() < Explainer.MAX_LISTED) texts.add(text);
    }
    if (n == 0) ex.sentence(s, t.get("explain.counter.maybe.none"));
    else ex.sentence(s, t.f(n == 1 ? "explain.counter.maybe.one" : "explain.counter.maybe", n,
        ex.list(texts, n - texts.size())));
  }

  /** The checker's rule: a failure may have counted unless the cluster refused it before any replica counted it. */
  private static boolean mayHaveCounted(OpRecord w) {
    CqlErrorClass error = null;
    if (w.error() != null) {
      for (CqlErrorClass c : CqlErrorClass.values()) if (c.name().equals(w.error())) error = c;
    }
    ServedOp.Outcome o = w.outcome() == OpOutcome.TIMEOUT ? ServedOp.Outcome.TIMED_OUT
        : error == CqlErrorClass.Unavailable ? ServedOp.Outcome.REFUSED : ServedOp.Outcome.FAILED;
    return CellCapture.mayHaveCounted(o, error);
  }
}
