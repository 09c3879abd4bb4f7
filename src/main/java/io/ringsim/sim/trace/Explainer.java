package io.ringsim.sim.trace;

import io.ringsim.report.Anomaly;
import io.ringsim.report.AnomalyStory;
import io.ringsim.report.SequenceDiagram;
import io.ringsim.sim.OpRecord;
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
 * not); for the read, whom it asked, what each answered and which timestamp won. The same code serves report.html
 * and {@code ringsim explain}, so both tell the same story.
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

  public Explainer(TraceModel trace, List<OpRecord> history) {
    this.trace = trace;
    for (TraceModel.Msg m : trace.messages()) {
      if (m.isEvent() && m.kind().equals("hint-replay")) hintReplays.add(m.from() + "/" + m.requestId());
      if (m.isEvent() && m.kind().equals("read-repair")) readRepairs.add(m.from() + "/" + m.requestId());
      if (m.token() != TraceModel.NO_TOKEN) byToken.computeIfAbsent(m.token(), k -> new ArrayList<>()).add(m);
    }
    diagrams = new TraceDiagram(trace, byToken, hintReplays, readRepairs);
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
        if (op.id() == id && op.type().startsWith("read") && (read == null || op.consistency().equals(a.consistency())))
          read = op;
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
        case "lost-write" -> "A lost write";
        case "stale-read" -> "A stale read";
        case "read-your-writes" -> "A read-your-writes violation";
        default -> capital(kindText(a.kind()));
      };
      story.append(what).append(" at one cell: table ").append(a.table())
          .append(", partition key ").append(a.key()).append(", ").append(a.cell()).append(". At ").append(time(at))
          .append(": ").append(a.details()).append(". ");
      List<OpRecord> near = new ArrayList<>();
      for (OpRecord op : ops) {
        if (op.completeMicros() < at - 1_000_000 || op.invokeMicros() > at + 1_000_000) continue;
        near.add(op);
        start = Math.min(start, op.invokeMicros());
        end = Math.max(end, op.completeMicros());
      }
      if (!near.isEmpty()) {
        story.append(near.size()).append(near.size() == 1 ? " operation" : " operations")
            .append(" on the partition ran within a second of it: ");
        List<String> texts = new ArrayList<>();
        for (OpRecord op : near.subList(0, Math.min(MAX_LISTED, near.size()))) texts.add(opText(op));
        story.append(String.join("; ", texts));
        if (near.size() > MAX_LISTED) story.append("; and ").append(near.size() - MAX_LISTED).append(" more");
        story.append(". ");
      }
      if (key == null) story.append("The trace has no record of this partition.");
      else story.append("The diagram shows their messages.");
    } else if (key == null) {
      story.append("The trace has no record of key ").append(a.key()).append(" of ").append(a.table())
          .append(" (a trace past its record cap keeps only a sample of keys, or the run recorded none). ")
          .append(a.details()).append('.');
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
      story.append(capital(kindText(a.kind()))).append(" on ").append(a.table()).append(' ').append(a.key())
          .append(" at ").append(time(at)).append(": ").append(a.details()).append(". ");
      int n = 0;
      List<OpRecord> near = new ArrayList<>();
      boolean timedOut = false;
      for (OpRecord op : ops) {
        if (op.completeMicros() < at - 1_000_000 || op.invokeMicros() > at + 1_000_000) continue;
        n++;
        start = Math.min(start, op.invokeMicros());
        end = Math.max(end, op.completeMicros());
        // Reads below SERIAL say nothing about Paxos's order, so the checker (and the story) leave them out.
        boolean ordered = !op.type().startsWith("read") || op.consistency().endsWith("SERIAL");
        if (ordered) near.add(op);
        timedOut |= op.type().equals("lwt") && !op.ok();
      }
      // The operations the checker weighed, nearest the one it could not place first, then in time order.
      near.sort((x, y) -> Long.compare(Math.abs(x.invokeMicros() - at), Math.abs(y.invokeMicros() - at)));
      List<OpRecord> listed = new ArrayList<>(near.subList(0, Math.min(MAX_LISTED, near.size())));
      listed.sort((x, y) -> Long.compare(x.invokeMicros(), y.invokeMicros()));
      story.append(n).append(" operations on the row ran within a second of it");
      if (!listed.isEmpty()) {
        story.append("; those the checker weighs (LWTs, plain writes and deletes, SERIAL reads) nearest it: ");
        List<String> texts = new ArrayList<>();
        for (OpRecord op : listed) texts.add(opText(op));
        story.append(String.join("; ", texts));
        if (near.size() > listed.size()) story.append("; and ").append(near.size() - listed.size()).append(" more");
      }
      story.append(". ");
      if (timedOut) story.append("An LWT that timed out may still have been applied (Cassandra reports it as a "
          + "WriteTimeout of type CAS: the next Paxos round on the row can finish it), so the checker lets it take "
          + "effect at any time after it began, or never. ");
      story.append("The diagram shows their messages.");
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
    String story = key == null ? "The trace has no record of key " + keyText + " of " + table + "."
        : ops.size() + " operations of the history touched " + table + " " + keyText + " (token " + key.token()
        + ", replicas " + String.join(", ", key.replicas()) + ").";
    return new AnomalyStory(0, "key", table, keyText, key == null ? "" : key.token(),
        key == null ? List.of() : key.replicas(), start / 1000, story,
        diagrams.diagram(key, ops, start, end));
  }

  /** Operations listed at most in a story that has no single write and read to follow. */
  static final int MAX_LISTED = 8;

  private static String opText(OpRecord op) {
    String failed = op.error() == null || op.error().isEmpty() ? op.outcome() : "failed (" + op.error() + ")";
    String what = switch (op.type()) {
      case "lwt" -> "IF NOT EXISTS #" + op.id() + " " + (op.ok() ? "[applied] = " + op.applied() : failed);
      case "read" -> "read #" + op.id() + " at " + op.consistency() + " " + (!op.ok() ? failed
          : op.version() < 0 ? "saw no row" : "saw timestamp " + op.version());
      default -> op.type() + " #" + op.id() + " at " + op.consistency() + " " + (op.ok() ? "ok" : failed);
    };
    return what + " (via " + op.coordinator() + ", " + time(op.invokeMicros()) + " to " + time(op.completeMicros())
        + ")";
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
    s.append(capital(w.type())).append(" #").append(w.id()).append(" (timestamp ").append(w.version())
        .append(") at ").append(w.consistency()).append(" was coordinated by ").append(w.coordinator())
        .append(" from ").append(time(w.invokeMicros())).append(" and acknowledged to the client at ")
        .append(time(w.completeMicros())).append(". ");
    if (req < 0) {
      s.append("The trace holds none of its messages. ");
      return;
    }
    List<String> parts = new ArrayList<>();
    for (String r : key.replicas()) {
      String fate = fate(msgs, w.coordinator(), req, r);
      if (fate == null) continue;
      parts.add(r + " " + fate);
      if (!fate.startsWith("applied") && !fate.startsWith("acknowledged")) missed.add(r);
    }
    s.append("Replicas ").append(String.join(", ", key.replicas())).append(": ").append(String.join("; ", parts))
        .append(". ");
    for (String r : missed) {
      String later = later(msgs, r, w.version(), until);
      if (later != null) s.append(later).append(' ');
    }
  }

  /** What became of the write's mutation to replica {@code r}: sent and acknowledged, dropped and why, hinted. */
  private String fate(List<TraceModel.Msg> msgs, String coord, long req, String r) {
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
    StringBuilder f = new StringBuilder();
    if (local != null) return "applied it locally at " + time(local.sendMicros());
    if (sent != null) {
      switch (sent.outcome()) {
        case "delivered" -> {
          if (ack == null) f.append("received it at ").append(time(sent.arriveMicros()))
              .append(" but its acknowledgement is not in the trace");
          else if (ack.dropped()) f.append("applied it at ").append(time(sent.arriveMicros()))
              .append(" but its acknowledgement was dropped (").append(reason(ack.outcome())).append(")");
          else f.append("acknowledged it at ").append(time(ack.arriveMicros()));
        }
        case "crashed" -> f.append("missed it: it was down (crashed), so the mutation sent at ")
            .append(time(sent.sendMicros())).append(" was dropped on arrival at ").append(time(sent.arriveMicros()));
        default -> f.append("missed it: the mutation sent at ").append(time(sent.sendMicros())).append(" was ")
            .append(reason(sent.outcome()));
      }
      if (hint != null && hint.kind().equals("hint-stored")) f.append("; the coordinator stored a hint for it when "
          + "the write timed out");
      return f.toString();
    }
    if (hint != null) {
      return hint.kind().equals("hint-stored")
          ? "missed it: " + coord + " saw it down and stored a hint instead of sending the mutation"
          : "missed it: " + coord + " saw it down for longer than max_hint_window, so no hint was stored";
    }
    return "was not sent the write";
  }

  /** How a replica that missed the write got it later (hint replay, read repair), or that it did not in time. */
  private String later(List<TraceModel.Msg> msgs, String r, long version, long until) {
    TraceModel.Msg firstDrop = null;
    int drops = 0;
    for (TraceModel.Msg m : msgs) {
      if (m.isEvent() || !m.to().equals(r) || !m.kind().equals("mutation") || m.timestamp() < version) continue;
      String how = hintReplays.contains(m.from() + "/" + m.requestId()) ? "a hint replayed by " + m.from()
          : readRepairs.contains(m.from() + "/" + m.requestId()) ? "a read repair from " + m.from()
          : null;
      if (how == null) continue;
      if (m.dropped()) {
        if (firstDrop == null) firstDrop = m;
        drops++;
        continue;
      }
      String when = until == Long.MAX_VALUE ? ""
          : m.sendMicros() < until ? ", before the read" : ", only after the read";
      String what = m.timestamp() == version ? "the write" : "a newer write (timestamp " + m.timestamp() + ")";
      return r + " got " + what + " from " + how + " at " + time(m.arriveMicros()) + when + ".";
    }
    String none = r + " never received it" + (until == Long.MAX_VALUE ? "" : " before the read");
    for (TraceModel.Msg m : msgs) {
      if (m.isEvent() && m.kind().equals("hint-expired") && m.to().equals(r) && m.timestamp() >= version
          && m.sendMicros() < until) {
        return none + ": the hint " + m.from() + " stored for it had expired when " + r + " came back, so " + m.from()
            + " dropped it unreplayed at " + time(m.sendMicros()) + " (a hint lives only gc_grace_seconds, as in"
            + " Cassandra; after that only repair brings the write).";
      }
    }
    if (firstDrop == null) return none + ": no hint replay or read repair reached it (a hint lives gc_grace_seconds;"
        + " after that only repair brings the write).";
    return none + ": " + (drops == 1 ? "the one replay sent to it, at " : drops + " replays sent to it, the first at ")
        + time(firstDrop.sendMicros()) + ", " + (drops == 1 ? "was " : "were ") + reason(firstDrop.outcome()) + ".";
  }

  // ---------------------------------------------------------------- the read

  private void readStory(StringBuilder s, TraceModel.KeyInfo key, OpRecord rd, OpRecord w) {
    List<TraceModel.Msg> msgs = byToken.getOrDefault(key.tokenLong(), List.of());
    s.append("Read #").append(rd.id()).append(" at ").append(rd.consistency()).append(" via ")
        .append(rd.coordinator()).append(" from ").append(time(rd.invokeMicros())).append(' ');
    long req = -1;
    for (TraceModel.Msg m : msgs) {
      if (m.from().equals(rd.coordinator()) && (m.kind().equals("read-data") || m.kind().equals("local-read"))
          && m.sendMicros() >= rd.invokeMicros() && m.sendMicros() <= rd.completeMicros()) {
        req = m.requestId();
        break;
      }
    }
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
        String who = local ? "itself" : m.to();
        if (m.dropped()) answers.add(who + " (the request was " + reason(m.outcome()) + ")");
        else if (reply != null && reply.dropped()) answers.add(who + " (its answer was " + reason(reply.outcome())
            + ")");
        else if (answered == null) answers.add(who + " (its answer came too late to count)");
        else answers.add(who + " (" + answer(answered.timestamp(), key) + ")");
      }
    }
    s.append(answers.isEmpty() ? "asked no replica the trace shows" : "asked " + String.join(", ", answers))
        .append(". ");
    s.append(rd.version() < 0 ? "No replica it heard had the row, so it returned no row"
        : "The newest timestamp it got, " + rd.version() + (writer(key, rd.version()) == null ? ""
            : " (" + writer(key, rd.version()) + ")") + ", won")
        .append(", older than write #").append(w.id()).append("'s ").append(w.version()).append('.');
    OpRecord winner = null;
    for (OpRecord op : byRow.getOrDefault(key.table() + " " + key.key(), List.of())) {
      if (op.version() == rd.version() && !op.type().equals("read")) winner = op;
    }
    if (winner != null && winner.version() > w.version() && winner.completeMicros() < w.invokeMicros()) {
      s.append(' ');
      lwwClause(s, winner, w);
    }
  }

  /**
   * Why a write that came first in real time still wins: its timestamp is higher, because timestamps are the
   * coordinators' clocks, and the later write's coordinator ran behind (a clock skew of the timeline, when there is
   * one).
   */
  private void lwwClause(StringBuilder s, OpRecord newer, OpRecord w) {
    s.append(capital(newer.type())).append(" #").append(newer.id()).append(", which completed at ")
        .append(time(newer.completeMicros())).append(" before write #").append(w.id())
        .append(" began, carries a higher timestamp (").append(newer.version()).append(" from ")
        .append(newer.coordinator()).append("'s clock, against ").append(w.version()).append(" from ")
        .append(w.coordinator()).append("'s): last-write-wins keeps it, so the later write loses.");
    String skew = skewAt(w.coordinator(), w.invokeMicros());
    if (skew != null) s.append(" The timeline had set ").append(skew).append(": its writes carry old timestamps.");
  }

  /** The clock skew in force on {@code node} at {@code at}, as the timeline set it ("n2's clock -3000 ms at 20 s"). */
  private String skewAt(String node, long at) {
    TraceModel.Fault skew = null;
    for (TraceModel.Fault f : trace.faults()) {
      if (f.atMicros() > at) break;
      if (f.kind().equals("clock-skew") && f.text().startsWith(node + " ")) skew = f;
    }
    if (skew == null || skew.text().endsWith(" 0 ms")) return null;
    return skew.text().replace(" clock skewed by ", "'s clock ") + " at " + time(skew.atMicros());
  }

  private void lostStory(StringBuilder s, Anomaly a, OpRecord w, List<OpRecord> ops) {
    s.append("After the cluster was healed, the read at ALL ").append(a.details().replaceFirst("^after healing, a "
        + "read at ALL ", "")).append('.');
    if (w.type().equals("delete")) purgeStory(s, a, w);
    OpRecord newer = null;
    for (OpRecord op : ops) {
      if (op.ok() && op.version() > w.version() && op.completeMicros() < w.invokeMicros()) newer = op;
    }
    if (newer != null) {
      s.append(' ');
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
        purges.add(m.from() + " at " + time(m.sendMicros()));
    }
    if (purges.isEmpty()) return;
    s.append(" Compaction purged the deletion's tombstone on ").append(String.join(", ", purges))
        .append(", more than gc_grace_seconds after the delete: with the tombstone gone, nothing shadows the older copy of the"
            + " row a replica that missed the delete still holds, so the row came back (a zombie).");
  }

  private String answer(long ts, TraceModel.KeyInfo key) {
    if (ts < 0) return "no data";
    String w = writer(key, ts);
    return "timestamp " + ts + (w == null ? "" : ", " + w);
  }

  private String writer(TraceModel.KeyInfo key, long ts) {
    for (OpRecord op : byRow.getOrDefault(key.table() + " " + key.key(), List.of())) {
      if (op.version() == ts && !op.type().equals("read")) return "write #" + op.id();
    }
    return null;
  }

  // ---------------------------------------------------------------- helpers

  private static OpRecord lastMutationBefore(List<OpRecord> ops, long before) {
    OpRecord last = null;
    for (OpRecord op : ops) {
      boolean mutation = op.type().equals("write") || op.type().equals("delete")
          || (op.type().equals("lwt") && Boolean.TRUE.equals(op.applied()));
      if (!mutation || !op.ok() || op.completeMicros() >= before) continue;
      if (last == null || op.completeMicros() >= last.completeMicros()) last = op;
    }
    return last;
  }

  static String reason(String outcome) {
    return switch (outcome) {
      case "partitioned" -> "dropped by the network partition";
      case "lost" -> "lost on the network (random message loss)";
      case "crashed" -> "dropped: the receiver was down (crashed)";
      case "undeliverable" -> "undeliverable (no such node)";
      default -> outcome;
    };
  }

  private static String kindText(String kind) {
    return switch (kind) {
      case "lwt" -> "an LWT linearizability violation";
      case "lwt-unchecked" -> "an LWT row too busy to check";
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
