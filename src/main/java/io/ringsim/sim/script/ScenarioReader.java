package io.ringsim.sim.script;

import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.net.LatencyModel;
import io.ringsim.cql.CqlScript;
import io.ringsim.sim.Action;
import io.ringsim.sim.CheckSpec;
import io.ringsim.sim.RunSpec;
import io.ringsim.sim.TimedAction;
import io.ringsim.sim.ValueGen;
import io.ringsim.sim.WorkloadSpec;
import io.ringsim.sim.script.ScenarioParser.*;
import io.ringsim.storage.CommitLogSync;
import io.ringsim.storage.StorageSettings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;

/**
 * Reads a scenario file into a {@link RunSpec}. Every error, of syntax or of meaning, is a {@link ScenarioException}
 * whose message starts with FILE:LINE:COL.
 */
public final class ScenarioReader {
  private ScenarioReader() {}

  public static RunSpec read(Path file, Map<String, String> overrides) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ScenarioException(file + ": cannot read: "
          + (e instanceof java.nio.file.NoSuchFileException ? "no such file" : e.getMessage()));
    }
    return parse(text, file.toString(), overrides);
  }

  public static RunSpec parse(String text, String fileName, Map<String, String> overrides) {
    ScenarioLexer lexer = new ScenarioLexer(CharStreams.fromString(text.endsWith("\n") ? text : text + "\n"));
    BaseErrorListener errors = new BaseErrorListener() {
      @Override
      public void syntaxError(Recognizer<?, ?> r, Object sym, int line, int col, String msg, RecognitionException e) {
        throw new ScenarioException(fileName + ":" + line + ":" + (col + 1) + ": " + msg);
      }
    };
    lexer.removeErrorListeners();
    lexer.addErrorListener(errors);
    ScenarioParser parser = new ScenarioParser(new CommonTokenStream(lexer));
    parser.removeErrorListeners();
    parser.addErrorListener(errors);
    FileContext f = parser.file();
    return new Builder(fileName, overrides).build(f);
  }

  private static final class Builder {
    final String file;
    final Map<String, String> overrides;
    String name, description = "";
    long seed = 1, duration = 60_000;
    boolean recordHistory = true;
    ParserRuleContext historyOff;
    List<ClusterBuilder.Dc> dcs = new ArrayList<>();
    int plainNodes = 0, racks = 1, vnodes = 16;
    String allocator = "balanced", partitioner = "murmur3";
    boolean consistentRangeMovement = true;
    LatencyModel latency = new LatencyModel.LogNormal(500_000, 5_000_000);
    double loss;
    StorageSettings storage = StorageSettings.DEFAULTS;
    final List<String> cql = new ArrayList<>();
    final List<WorkloadSpec> workloads = new ArrayList<>();
    final List<Object[]> timeline = new ArrayList<>(); // {ctx, atMillis, Action, text}
    final List<CheckSpec> checks = new ArrayList<>();
    final List<Object[]> workloadCtx = new ArrayList<>();
    final Set<String> openEnded = new java.util.HashSet<>();

    Builder(String file, Map<String, String> overrides) {
      this.file = file;
      this.overrides = overrides;
    }

    ScenarioException error(ParserRuleContext ctx, String msg) {
      Token t = ctx.getStart();
      return new ScenarioException(file + ":" + t.getLine() + ":" + (t.getCharPositionInLine() + 1) + ": " + msg);
    }

    RunSpec build(FileContext f) {
      name = text(f.header().name());
      if (f.header().STRING() != null) description = unquote(f.header().STRING().getText());
      for (SectionContext s : f.section()) section(s);
      applyOverrides();
      for (int i = 0; i < workloads.size(); i++) {
        WorkloadSpec w = workloads.get(i);
        if (!openEnded.contains(w.name()) || w.endMillis() == duration) continue;
        workloads.set(i, new WorkloadSpec(w.name(), w.table(), w.generators(), w.writeFraction(), w.readFraction(),
            w.deleteFraction(), w.lwtFraction(), w.writeConsistency(), w.readConsistency(), w.rate(), w.concurrency(),
            w.startMillis(), duration, w.ttlSeconds()));
      }
      if (dcs.isEmpty()) dcs.add(new ClusterBuilder.Dc("datacenter1", plainNodes == 0 ? 3 : plainNodes, racks));
      int nodes = dcs.stream().mapToInt(ClusterBuilder.Dc::nodes).sum();
      Set<String> names = new LinkedHashSet<>();
      for (int i = 1; i <= nodes; i++) names.add("n" + i);
      List<TimedAction> actions = new ArrayList<>();
      timeline.sort((x, y) -> Long.compare((Long) x[1], (Long) y[1]));
      for (Object[] t : timeline) {
        ParserRuleContext ctx = (ParserRuleContext) t[0];
        long at = (Long) t[1];
        Action a = (Action) t[2];
        if (at > duration) throw error(ctx, "at " + fmt(at) + " is after the end of the scenario (duration "
            + fmt(duration) + ")");
        if (a instanceof Action.Bootstrap b) {
          if (names.contains(b.node())) throw error(ctx, "node " + b.node() + " already exists");
          names.add(b.node());
        }
        for (String n : nodesOf(a)) {
          if (n != null && !names.contains(n)) throw error(ctx, "no node named '" + n + "' (this cluster has n1..n"
              + nodes + ")");
        }
        if (a instanceof Action.Decommission d) names.remove(d.node());
        actions.add(new TimedAction(at, a, (String) t[3]));
      }
      for (int i = 0; i < workloadCtx.size(); i++) {
        Object[] w = workloadCtx.get(i);
        WorkloadSpec ws = workloads.get(i);
        if (ws.endMillis() > duration) throw error((ParserRuleContext) w[0], "workload " + ws.name() + " runs past"
            + " the end of the scenario (duration " + fmt(duration) + ")");
      }
      if (!recordHistory && !checks.isEmpty()) {
        String why = "the checks need the per-operation history: remove 'history off' or the check section";
        throw historyOff != null ? error(historyOff, why) : new ScenarioException("--set history=off: " + why);
      }
      return new RunSpec(name, description, seed, duration, dcs, vnodes, allocator, partitioner, latency, loss, storage,
          cql, workloads, actions, checks, recordHistory, consistentRangeMovement);
    }

    private static List<String> nodesOf(Action a) {
      List<String> out = new ArrayList<>();
      if (a instanceof Action.Crash c) out.add(c.node());
      if (a instanceof Action.Restart c) out.add(c.node());
      if (a instanceof Action.Decommission c) out.add(c.node());
      if (a instanceof Action.Slow c) out.add(c.node());
      if (a instanceof Action.ClockSkew c) out.add(c.node());
      if (a instanceof Action.Flush c) out.add(c.node());
      if (a instanceof Action.Compact c) out.add(c.node());
      if (a instanceof Action.Repair c) out.add(c.node());
      if (a instanceof Action.Partition p) {
        out.addAll(p.side1());
        out.addAll(p.side2());
      }
      return out;
    }

    private void applyOverrides() {
      for (Map.Entry<String, String> e : overrides.entrySet()) {
        String k = e.getKey(), v = e.getValue();
        try {
          switch (k) {
            case "seed" -> seed = Long.parseLong(v);
            case "duration" -> duration = Durations.parse(v);
            case "history" -> {
              recordHistory = onOff(null, v);
              historyOff = null;
            }
            case "cluster.nodes" -> {
              plainNodes = Integer.parseInt(v);
              dcs.clear();
            }
            case "cluster.vnodes" -> vnodes = Integer.parseInt(v);
            case "cluster.allocator" -> allocator = v;
            case "cluster.partitioner" -> partitioner = v;
            case "cluster.racks" -> racks = Integer.parseInt(v);
            case "cluster.consistent_range_movement" -> consistentRangeMovement =
                onOff(null, "consistent_range_movement", k, v);
            default -> {
              if (k.startsWith("workload.") && k.endsWith(".rate")) {
                String wn = k.substring("workload.".length(), k.length() - ".rate".length());
                int i = indexOfWorkload(wn);
                WorkloadSpec w = workloads.get(i);
                workloads.set(i, new WorkloadSpec(w.name(), w.table(), w.generators(), w.writeFraction(),
                    w.readFraction(), w.deleteFraction(), w.lwtFraction(), w.writeConsistency(), w.readConsistency(),
                    Double.parseDouble(v), w.concurrency(), w.startMillis(), w.endMillis(), w.ttlSeconds()));
              } else if (k.startsWith("workload.") && k.endsWith(".consistency")) {
                String wn = k.substring("workload.".length(), k.length() - ".consistency".length());
                int i = indexOfWorkload(wn);
                WorkloadSpec w = workloads.get(i);
                ConsistencyLevel cl = ConsistencyLevel.parse(v);
                workloads.set(i, new WorkloadSpec(w.name(), w.table(), w.generators(), w.writeFraction(),
                    w.readFraction(), w.deleteFraction(), w.lwtFraction(), cl, cl, w.rate(), w.concurrency(),
                    w.startMillis(), w.endMillis(), w.ttlSeconds()));
              } else {
                throw new ScenarioException("--set " + k + ": unknown setting (known: seed, duration, history, "
                    + "cluster.nodes, cluster.vnodes, cluster.racks, cluster.allocator, cluster.partitioner, workload.NAME.rate, "
                    + "workload.NAME.consistency, cluster.consistent_range_movement)");
              }
            }
          }
        } catch (NumberFormatException ex) {
          throw new ScenarioException("--set " + k + "=" + v + ": not a number");
        } catch (IllegalArgumentException ex) {
          if (ex instanceof ScenarioException se) throw se;
          throw new ScenarioException("--set " + k + "=" + v + ": " + ex.getMessage());
        }
      }
    }

    private int indexOfWorkload(String n) {
      for (int i = 0; i < workloads.size(); i++) if (workloads.get(i).name().equals(n)) return i;
      throw new ScenarioException("--set: no workload named '" + n + "'");
    }

    /** 'on' or 'off' (the history section, consistent_range_movement, and their --set keys). */
    private boolean onOff(ParserRuleContext ctx, String v) {
      return onOff(ctx, "history", "history", v);
    }

    private boolean onOff(ParserRuleContext ctx, String setting, String setKey, String v) {
      if (v.equals("on")) return true;
      if (v.equals("off")) return false;
      String msg = setting + " must be 'on' or 'off', not '" + v + "'";
      throw ctx != null ? error(ctx, msg) : new ScenarioException("--set " + setKey + "=" + v + ": " + msg);
    }

    private void section(SectionContext s) {
      if (s instanceof DurationSectionContext d) duration = dur(d.duration());
      else if (s instanceof SeedSectionContext d) seed = Long.parseLong(d.INT().getText());
      else if (s instanceof HistorySectionContext h) {
        recordHistory = onOff(h, text(h.name()));
        historyOff = recordHistory ? null : h;
      }
      else if (s instanceof ClusterSectionContext c) for (ClusterItemContext i : c.clusterItem()) clusterItem(i);
      else if (s instanceof CqlSectionContext c) cqlBlock(c);
      else if (s instanceof WorkloadSectionContext w) workload(w);
      else if (s instanceof TimelineSectionContext t) for (TimelineItemContext i : t.timelineItem()) timelineItem(i);
      else if (s instanceof CheckSectionContext c) for (CheckItemContext i : c.checkItem()) checkItem(i);
    }

    private void cqlBlock(CqlSectionContext c) {
      String raw = c.CQL_BLOCK().getText();
      String body = raw.substring(raw.indexOf('{') + 1, raw.lastIndexOf('}'));
      for (CqlScript.Item item : CqlScript.split(body)) cql.add(item.cql());
    }

    private void clusterItem(ClusterItemContext i) {
      if (i instanceof NodesItemContext n) plainNodes = positive(n, n.INT().getText(), "nodes");
      else if (i instanceof DcItemContext d) dcs.add(new ClusterBuilder.Dc(text(d.name()),
          positive(d, d.INT(0).getText(), "nodes"), d.INT().size() > 1 ? positive(d, d.INT(1).getText(), "racks")
          : 1));
      else if (i instanceof RacksItemContext r) racks = positive(r, r.INT().getText(), "racks");
      else if (i instanceof VnodesItemContext v) vnodes = positive(v, v.INT().getText(), "vnodes");
      else if (i instanceof AllocatorItemContext a) {
        allocator = text(a.name());
        if (!allocator.equals("random") && !allocator.equals("balanced"))
          throw error(a, "unknown allocator '" + allocator + "' (expected random or balanced)");
      } else if (i instanceof PartitionerItemContext p) {
        partitioner = text(p.name());
        try {
          io.ringsim.ring.Partitioners.byName(partitioner);
        } catch (IllegalArgumentException e) {
          throw error(p, e.getMessage());
        }
      } else if (i instanceof LatencyItemContext l) latency = latency(l);
      else if (i instanceof LossItemContext l) loss = percent(l, l.PERCENT().getText());
      else if (i instanceof CommitlogItemContext c) {
        String mode = text(c.name());
        switch (mode) {
          case "batch" -> storage = storage.withCommitLog(CommitLogSync.BATCH, 0);
          case "periodic" -> storage = storage.withCommitLog(CommitLogSync.PERIODIC,
              c.duration() == null ? 10_000 : dur(c.duration()));
          default -> throw error(c, "unknown commit log mode '" + mode + "' (expected batch or periodic)");
        }
      } else if (i instanceof MemtableItemContext m) storage = storage.withMemtableFlushBytes(size(m, m.SIZE().getText()));
      else if (i instanceof ConsistentRangeMovementItemContext c)
        consistentRangeMovement = onOff(c, "consistent_range_movement", null, text(c.name()));
    }

    private LatencyModel latency(LatencyItemContext l) {
      String kind = text(l.name());
      List<Long> d = new ArrayList<>();
      for (DurationContext x : l.duration()) d.add(dur(x) * 1_000_000L);
      try {
        return switch (kind) {
          case "fixed" -> new LatencyModel.Fixed(one(l, d));
          case "uniform" -> new LatencyModel.Uniform(d.get(0), d.get(1));
          case "lognormal" -> new LatencyModel.LogNormal(d.get(0), d.get(1));
          case "exponential" -> new LatencyModel.Exponential(one(l, d));
          default -> throw error(l, "unknown latency model '" + kind + "' (fixed, uniform, lognormal, exponential)");
        };
      } catch (IndexOutOfBoundsException e) {
        throw error(l, "latency " + kind + " needs " + (kind.equals("uniform") ? "min and max" : "median and p99"));
      } catch (IllegalArgumentException e) {
        if (e instanceof ScenarioException se) throw se;
        throw error(l, e.getMessage());
      }
    }

    private long one(ParserRuleContext ctx, List<Long> d) {
      if (d.size() != 1) throw error(ctx, "expected one duration");
      return d.get(0);
    }

    private void workload(WorkloadSectionContext w) {
      String wname = text(w.name());
      for (WorkloadSpec other : workloads) if (other.name().equals(wname)) throw error(w, "duplicate workload " + wname);
      String table = null;
      Map<String, ValueGen> gens = new LinkedHashMap<>();
      Map<String, Double> mix = new LinkedHashMap<>();
      ConsistencyLevel wcl = ConsistencyLevel.ONE, rcl = ConsistencyLevel.ONE;
      double rate = 100;
      int concurrency = 32;
      long from = 0, to = -1;
      int ttl = 0;
      for (WorkloadItemContext i : w.workloadItem()) {
        if (i instanceof TableItemContext t) table = t.name().size() == 2 ? text(t.name(0)) + "." + text(t.name(1))
            : text(t.name(0));
        else if (i instanceof ColumnItemContext c) gens.put(text(c.name()), generator(c.generator()));
        else if (i instanceof MixItemContext m) {
          for (MixPartContext p : m.mixPart()) {
            String k = text(p.name());
            if (!List.of("write", "read", "delete", "lwt").contains(k))
              throw error(p, "unknown operation '" + k + "' in mix (write, read, delete, lwt)");
            mix.put(k, percent(p, p.PERCENT().getText()));
          }
        } else if (i instanceof ConsistencyItemContext c) {
          wcl = rcl = cl(c, text(c.name()));
        } else if (i instanceof ConsistencySplitItemContext c) {
          wcl = cl(c, text(c.name(0)));
          rcl = cl(c, text(c.name(1)));
        } else if (i instanceof RateItemContext r) rate = positive(r, r.INT().getText(), "rate");
        else if (i instanceof ConcurrencyItemContext c) concurrency = positive(c, c.INT().getText(), "concurrency");
        else if (i instanceof WindowItemContext win) {
          from = dur(win.duration(0));
          to = dur(win.duration(1));
          if (to <= from) throw error(win, "the workload window ends before it starts");
        } else if (i instanceof TtlItemContext t) ttl = (int) (dur(t.duration()) / 1000);
      }
      if (table == null) throw error(w, "workload " + wname + " names no table (add: table KEYSPACE.TABLE)");
      if (mix.isEmpty()) mix.put("write", 1.0);
      double sum = mix.values().stream().mapToDouble(Double::doubleValue).sum();
      if (Math.abs(sum - 1.0) > 1e-6) throw error(w, "the mix of workload " + wname + " adds up to "
          + Math.round(sum * 100) + "%, not 100%");
      if (to < 0) {
        to = duration;
        openEnded.add(wname); // runs to the end, whatever the final duration (a later section, --set duration)
      }
      WorkloadSpec spec = new WorkloadSpec(wname, table, gens, mix.getOrDefault("write", 0.0),
          mix.getOrDefault("read", 0.0), mix.getOrDefault("delete", 0.0), mix.getOrDefault("lwt", 0.0), wcl, rcl,
          rate, concurrency, from, to, ttl);
      workloads.add(spec);
      workloadCtx.add(new Object[] {w, spec});
    }

    private ConsistencyLevel cl(ParserRuleContext ctx, String n) {
      try {
        return ConsistencyLevel.parse(n);
      } catch (IllegalArgumentException e) {
        throw error(ctx, "unknown consistency level '" + n + "'");
      }
    }

    private ValueGen generator(GeneratorContext g) {
      String n = text(g.name()).toLowerCase(Locale.ROOT);
      List<ArgContext> a = g.arg();
      try {
        return switch (n) {
          case "uuid" -> new ValueGen.RandomUuid();
          case "sequential", "sequence" -> new ValueGen.Sequential();
          case "uniform" -> new ValueGen.Uniform(Long.parseLong(a.get(0).getText()));
          case "zipf" -> new ValueGen.Zipf(Long.parseLong(a.get(0).getText()),
              a.size() > 1 ? Double.parseDouble(a.get(1).getText()) : 1.0);
          case "hot" -> new ValueGen.Hot(fraction(a.get(0).getText()), Long.parseLong(a.get(1).getText()));
          case "values", "choice" -> {
            List<String> vs = new ArrayList<>();
            for (ArgContext x : a) vs.add(x.STRING() != null ? unquote(x.getText()) : x.getText());
            if (vs.isEmpty()) throw error(g, n + "() needs at least one value");
            yield new ValueGen.Choice(vs);
          }
          case "text" -> a.size() == 1 ? new ValueGen.Text(Integer.parseInt(a.get(0).getText()),
              Integer.parseInt(a.get(0).getText())) : a.isEmpty() ? new ValueGen.Text(8, 24)
              : new ValueGen.Text(Integer.parseInt(a.get(0).getText()), Integer.parseInt(a.get(1).getText()));
          case "timebucket" -> new ValueGen.TimeBucket(a.isEmpty() ? 86_400_000L : bucket(g, a.get(0).getText()));
          case "now" -> new ValueGen.Now();
          default -> throw error(g, "unknown generator '" + n + "' (uuid, sequential, uniform(n), zipf(n, s), "
              + "hot(p, n), values(...), text(min, max), timebucket(day|hour|DURATION), now)");
        };
      } catch (IndexOutOfBoundsException | NumberFormatException e) {
        throw error(g, "bad arguments for " + n + "(...)");
      }
    }

    private long bucket(ParserRuleContext ctx, String s) {
      return switch (s) {
        case "day" -> 86_400_000L;
        case "hour" -> 3_600_000L;
        case "minute" -> 60_000L;
        default -> Durations.parse(s);
      };
    }

    private double fraction(String s) {
      return s.endsWith("%") ? Double.parseDouble(s.substring(0, s.length() - 1)) / 100 : Double.parseDouble(s);
    }

    private void timelineItem(TimelineItemContext i) {
      long at = dur(i.duration());
      ActionContext a = i.action();
      Action act;
      if (a instanceof CrashActionContext c) act = new Action.Crash(text(c.name()));
      else if (a instanceof RestartActionContext c) act = new Action.Restart(text(c.name()));
      else if (a instanceof BootstrapActionContext c) act = new Action.Bootstrap(text(c.name()));
      else if (a instanceof DecommissionActionContext c) act = new Action.Decommission(text(c.name()));
      else if (a instanceof PartitionActionContext p) act = new Action.Partition(group(p.group(0)), group(p.group(1)),
          false);
      else if (a instanceof OneWayActionContext p) act = new Action.Partition(group(p.group(0)), group(p.group(1)),
          true);
      else if (a instanceof HealActionContext) act = new Action.Heal();
      else if (a instanceof SlowActionContext s) act = new Action.Slow(text(s.name()), dur(s.duration()));
      else if (a instanceof LossActionContext l) act = new Action.Loss(percent(l, l.PERCENT().getText()));
      else if (a instanceof SkewActionContext s) act = new Action.ClockSkew(text(s.name()),
          (s.MINUS() != null ? -1 : 1) * dur(s.duration()));
      else if (a instanceof FlushActionContext f) act = new Action.Flush(f.name() == null ? null : node(f.name()));
      else if (a instanceof CompactActionContext f) act = new Action.Compact(f.name() == null ? null : node(f.name()));
      else if (a instanceof StopMemberActionContext m) {
        int position;
        try {
          position = Integer.parseInt(m.INT().getText());
        } catch (NumberFormatException e) {
          throw error(m, "no member " + m.INT().getText() + " (members are numbered from 1)");
        }
        if (position < 1) throw error(m, "member numbers start at 1, got " + position);
        act = new Action.StopMember(position);
      } else act = new Action.Repair(((RepairActionContext) a).name() == null ? null
          : node(((RepairActionContext) a).name()));
      String src = i.getStart().getInputStream().getText(new org.antlr.v4.runtime.misc.Interval(
          i.getStart().getStartIndex(), i.getStop().getStopIndex()));
      timeline.add(new Object[] {i, at, act, src});
    }

    private String node(NameContext n) {
      String s = text(n);
      return s.equals("all") ? null : s;
    }

    private Set<String> group(GroupContext g) {
      Set<String> out = new java.util.TreeSet<>();
      for (NameContext n : g.name()) out.add(text(n));
      return out;
    }

    private void checkItem(CheckItemContext c) {
      String src = c.getText();
      if (c instanceof NoCheckContext n) checks.add(check(n, words(n.words()), 0, "no " + words(n.words())));
      else if (c instanceof MaxCheckContext m) {
        long max = Long.parseLong(m.INT().getText());
        boolean strict = m.getChild(m.getChildCount() - 2).getText().equals("<");
        checks.add(check(m, words(m.words()), strict ? max - 1 : max, words(m.words()) + (strict ? " < " : " <= ")
            + max));
      } else if (c instanceof AvailabilityCheckContext a) {
        String cl = cl(a, text(a.name())).name();
        double pct = percent(a, a.PERCENT().getText()) * 100;
        checks.add(new CheckSpec("availability", cl, 0, pct, "availability " + cl + " >= " + a.PERCENT().getText()));
      } else {
        throw error(c, "unknown check: " + src);
      }
    }

    private CheckSpec check(ParserRuleContext ctx, String what, long max, String text) {
      String kind = switch (what) {
        case "lost writes", "lost-writes" -> "lost-writes";
        case "stale reads", "stale-reads" -> "stale-reads";
        case "read-your-writes violations", "read your writes violations", "ryw violations" -> "read-your-writes";
        case "lwt violations", "lwt" -> "lwt";
        default -> throw error(ctx, "unknown check '" + what + "' (lost writes, stale reads, read-your-writes "
            + "violations, lwt violations, availability CL >= N%)");
      };
      return new CheckSpec(kind, null, max, 0, text);
    }

    private String words(WordsContext w) {
      List<String> out = new ArrayList<>();
      for (NameContext n : w.name()) out.add(text(n));
      return String.join(" ", out);
    }

    private int positive(ParserRuleContext ctx, String v, String what) {
      int n = Integer.parseInt(v);
      if (n <= 0) throw error(ctx, what + " must be positive, got " + n);
      return n;
    }

    private double percent(ParserRuleContext ctx, String p) {
      double v = Double.parseDouble(p.substring(0, p.length() - 1));
      if (v < 0 || v > 100) throw error(ctx, "a percentage must be between 0% and 100%, got " + p);
      return v / 100;
    }

    private long size(ParserRuleContext ctx, String s) {
      String u = s.replaceAll("[0-9]", "").toUpperCase(Locale.ROOT);
      long n = Long.parseLong(s.replaceAll("[^0-9]", ""));
      long bytes = switch (u) {
        case "KB" -> n << 10;
        case "MB" -> n << 20;
        case "GB" -> n << 30;
        default -> n;
      };
      if (bytes <= 0) throw error(ctx, "size must be positive");
      return bytes;
    }

    private long dur(DurationContext d) {
      return Durations.parse(d.getText());
    }

    private static String text(NameContext n) {
      return n.getText();
    }

    private static String unquote(String s) {
      return s.substring(1, s.length() - 1);
    }

    private static String fmt(long ms) {
      return io.ringsim.sim.Durations.format(ms);
    }
  }

  /** Parses 500ms, 30s, 2m30s, 1h. */
  static final class Durations {
    static long parse(String s) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9]+)(ms|s|m|h)").matcher(s);
      long total = 0;
      int end = 0;
      while (m.find()) {
        if (m.start() != end) throw new IllegalArgumentException("bad duration '" + s + "'");
        long n = Long.parseLong(m.group(1));
        total += switch (m.group(2)) {
          case "ms" -> n;
          case "s" -> n * 1000;
          case "m" -> n * 60_000;
          default -> n * 3_600_000;
        };
        end = m.end();
      }
      if (end != s.length() || end == 0) throw new IllegalArgumentException("bad duration '" + s + "'");
      return total;
    }
  }
}
