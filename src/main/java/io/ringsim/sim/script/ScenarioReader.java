package io.ringsim.sim.script;

import io.ringsim.cluster.ClusterBuilder;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.net.LatencyModel;
import io.ringsim.cql.CqlScript;
import io.ringsim.sim.CheckSpec;
import io.ringsim.sim.Durations;
import io.ringsim.sim.Limits;
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
    return parse(readText(file), file.toString(), overrides);
  }

  /** A scenario with what {@code ringsim model} reads besides: its queries section and its model limits. */
  public record Model(String file, RunSpec spec, List<QuerySpec> queries, ModelLimits limits) {
    public Model {
      queries = List.copyOf(queries);
    }
  }

  public static Model readModel(Path file, Map<String, String> overrides) {
    return parseModel(readText(file), file.toString(), overrides);
  }

  public static Model parseModel(String text, String fileName, Map<String, String> overrides) {
    Builder b = new Builder(fileName, overrides);
    RunSpec spec = b.build(parseTree(text, fileName));
    return new Model(fileName, spec, b.queries, b.modelLimits);
  }

  private static String readText(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      // An empty or blank name would otherwise leave the message without the input it is about.
      String name = file.toString().isBlank() ? "'" + file + "'" : file.toString();
      throw new ScenarioException(name + ": cannot read: " + InputFiles.whyUnreadable(file, e, "a scenario file"));
    }
    return text;
  }

  public static RunSpec parse(String text, String fileName, Map<String, String> overrides) {
    return new Builder(fileName, overrides).build(parseTree(text, fileName));
  }

  private static FileContext parseTree(String text, String fileName) {
    ScenarioLexer lexer = new ScenarioLexer(CharStreams.fromString(text.endsWith("\n") ? text : text + "\n"));
    BaseErrorListener errors = new BaseErrorListener() {
      @Override
      public void syntaxError(Recognizer<?, ?> r, Object sym, int line, int col, String msg, RecognitionException e) {
        throw new ScenarioException(fileName + ":" + line + ":" + (col + 1) + ": " + visible(msg));
      }
    };
    lexer.removeErrorListeners();
    lexer.addErrorListener(errors);
    ScenarioParser parser = new ScenarioParser(new CommonTokenStream(lexer));
    parser.removeErrorListeners();
    parser.addErrorListener(errors);
    return parser.file();
  }

  /**
   * ANTLR quotes the offending text as it is; a control character (a vertical tab, a NUL from a binary file) would
   * break the one-line message or be invisible in it, so it is shown as \\uXXXX.
   */
  public static String visible(String msg) {
    StringBuilder sb = new StringBuilder();
    msg.codePoints().forEach(c -> {
      if (Character.isISOControl(c) || Character.getType(c) == Character.LINE_SEPARATOR
          || Character.getType(c) == Character.PARAGRAPH_SEPARATOR) {
        sb.append(String.format("\\u%04x", c));
      } else {
        sb.appendCodePoint(c);
      }
    });
    return sb.toString();
  }

  static final class Builder {
    final String file;
    final Map<String, String> overrides;
    String name, description = "";
    long seed = 1, duration = 60_000;
    boolean recordHistory = true;
    ParserRuleContext historyOff, durationSection, clusterSection, checkSection;
    List<ClusterBuilder.Dc> dcs = new ArrayList<>();
    int plainNodes = 0, racks = 1, vnodes = 16;
    String allocator = "balanced", partitioner = "murmur3";
    boolean consistentRangeMovement = true;
    LatencyModel latency = new LatencyModel.LogNormal(500_000, 5_000_000);
    double loss;
    StorageSettings storage = StorageSettings.DEFAULTS;
    final List<String> cql = new ArrayList<>();
    /** The file line each cql statement starts on. */
    final List<Integer> cqlLines = new ArrayList<>();
    final List<WorkloadSpec> workloads = new ArrayList<>();
    final List<TimelineReader.Entry> timeline = new ArrayList<>();
    final List<CheckSpec> checks = new ArrayList<>();
    final List<QuerySpec> queries = new ArrayList<>();
    ModelLimits modelLimits = ModelLimits.DEFAULTS;
    /** Where each workload is written, for its errors. */
    final List<ParserRuleContext> workloadCtx = new ArrayList<>();
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
        workloads.set(i, w.withEnd(duration));
      }
      if (dcs.isEmpty()) dcs.add(new ClusterBuilder.Dc("datacenter1", plainNodes == 0 ? 3 : plainNodes, racks));
      int nodes = dcs.stream().mapToInt(ClusterBuilder.Dc::nodes).sum();
      checkSizes(nodes);
      List<TimedAction> actions = TimelineReader.resolve(timeline, this, nodes);
      for (int i = 0; i < workloadCtx.size(); i++) {
        WorkloadSpec ws = workloads.get(i);
        if (ws.endMillis() > duration) throw error(workloadCtx.get(i), "workload " + ws.name() + " runs past"
            + " the end of the scenario (duration " + fmt(duration) + ")");
      }
      if (!recordHistory && !checks.isEmpty()) {
        if (historyOff != null) throw error(historyOff, "the checks need the per-operation history: remove"
            + " 'history off' or the check section");
        Token t = checkSection.getStart();
        throw new ScenarioException("--set history=off: this scenario has checks (" + file + ":" + t.getLine()
            + "), which need the per-operation history; run without --set history=off to check them");
      }
      long maxHeap = Runtime.getRuntime().maxMemory();
      List<Long> planned = workloads.stream().map(w -> Limits.operations(w.rate(), w.endMillis() - w.startMillis()))
          .toList();
      try {
        Limits.plannedWork(nodes, vnodes, planned, recordHistory, maxHeap);
      } catch (Limits.OutOfRange e) {
        throw new ScenarioException(file + ": " + e.getMessage());
      }
      List<String> dcNames = dcs.stream().map(ClusterBuilder.Dc::name).sorted().toList();
      SchemaCheck.check(cql, dcNames, workloads, partitioner, seed, (i, msg) -> cqlError(i, msg),
          (i, msg) -> error(workloadCtx.get(i), msg));
      return new RunSpec(name, description, seed, duration, dcs, vnodes, allocator, partitioner, latency, loss, storage,
          cql, workloads, actions, checks, recordHistory, consistentRangeMovement);
    }

    /** The cluster's and the run's sizes, once every section and --set is applied. */
    private void checkSizes(int nodes) {
      try {
        Limits.duration(duration);
      } catch (Limits.OutOfRange e) {
        throw durationSection != null ? error(durationSection, e.getMessage())
            : new ScenarioException("--set duration: " + e.getMessage());
      }
      try {
        Limits.ring(nodes, vnodes);
        Limits.nodes(nodes);
      } catch (Limits.OutOfRange e) {
        throw clusterSection != null ? error(clusterSection, e.getMessage())
            : new ScenarioException(file + ": " + e.getMessage());
      }
    }

    private void applyOverrides() {
      SetOverrides.apply(this);
    }

    int indexOfWorkload(String n) {
      for (int i = 0; i < workloads.size(); i++) if (workloads.get(i).name().equals(n)) return i;
      throw new ScenarioException("--set: no workload named '" + n + "'");
    }

    /** 'on' or 'off' (the history section, consistent_range_movement, and their --set keys). */
    boolean onOff(ParserRuleContext ctx, String v) {
      return onOff(ctx, "history", "history", v);
    }

    boolean onOff(ParserRuleContext ctx, String setting, String setKey, String v) {
      if (v.equals("on")) return true;
      if (v.equals("off")) return false;
      String msg = setting + " must be 'on' or 'off', not '" + v + "'";
      throw ctx != null ? error(ctx, msg) : new ScenarioException("--set " + setKey + "=" + v + ": " + msg);
    }

    private void section(SectionContext s) {
      if (s instanceof DurationSectionContext d) {
        duration = within(d, dur(d.duration()), Limits::duration);
        durationSection = d;
      } else if (s instanceof SeedSectionContext d) seed = number(d, d.INT().getText());
      else if (s instanceof HistorySectionContext h) {
        recordHistory = onOff(h, text(h.name()));
        historyOff = recordHistory ? null : h;
      }
      else if (s instanceof ClusterSectionContext c) {
        clusterSection = c;
        for (ClusterItemContext i : c.clusterItem()) clusterItem(i);
      }
      else if (s instanceof CqlSectionContext c) cqlBlock(c);
      else if (s instanceof QueriesSectionContext q) queriesBlock(q);
      else if (s instanceof ModelSectionContext m) for (ModelItemContext i : m.modelItem()) modelItem(i);
      else if (s instanceof WorkloadSectionContext w) workload(w);
      else if (s instanceof TimelineSectionContext t) for (TimelineItemContext i : t.timelineItem()) timeline.add(TimelineReader.read(i, this));
      else if (s instanceof CheckSectionContext c) {
        checkSection = c;
        for (CheckItemContext i : c.checkItem()) checks.add(CheckReader.read(i, this));
      }
    }

    private void cqlBlock(CqlSectionContext c) {
      String raw = c.CQL_BLOCK().getText();
      String body = raw.substring(raw.indexOf('{') + 1, raw.lastIndexOf('}'));
      int firstLine = c.CQL_BLOCK().getSymbol().getLine();
      for (CqlScript.Item item : CqlScript.split(body)) {
        cql.add(item.cql());
        cqlLines.add(firstLine + item.line() - 1);
      }
    }

    /** The queries section: each statement with the line and column it starts at (checked by the model). */
    private void queriesBlock(QueriesSectionContext q) {
      String raw = q.QUERIES_BLOCK().getText();
      int open = raw.indexOf('{');
      String body = raw.substring(open + 1, raw.lastIndexOf('}'));
      int firstLine = q.QUERIES_BLOCK().getSymbol().getLine();
      // The body's first line starts right after the brace, at this column of the file's line.
      int firstCol = q.QUERIES_BLOCK().getSymbol().getCharPositionInLine() + open + 1;
      String[] lines = body.split("\r?\n", -1);
      for (CqlScript.Item item : CqlScript.split(body)) {
        String line = lines[item.line() - 1];
        int indent = 0;
        while (indent < line.length() && Character.isWhitespace(line.charAt(indent))) indent++;
        int col = (item.line() == 1 ? firstCol : 0) + indent + 1;
        queries.add(new QuerySpec(item.cql(), file, firstLine + item.line() - 1, col));
      }
    }

    private void modelItem(ModelItemContext i) {
      String key = text(i.name());
      String v = i.getChild(1).getText();
      double value;
      if (i.SIZE() != null) value = size(i, v, Long.MAX_VALUE);
      else if (i.PERCENT() != null) value = percent(i, v);
      else value = Double.parseDouble(v);
      if (!(value > 0)) throw error(i, key + " must be above 0");
      try {
        modelLimits = modelLimits.with(key, value);
      } catch (IllegalArgumentException e) {
        throw error(i, e.getMessage());
      }
    }

    /** An error in the cql section's statement {@code i}, at its line. */
    private ScenarioException cqlError(int i, String msg) {
      return new ScenarioException(file + ":" + cqlLines.get(i) + ": " + msg);
    }

    private void clusterItem(ClusterItemContext i) {
      if (i instanceof NodesItemContext n) plainNodes = (int) within(n, number(n, n.INT().getText()), Limits::nodes);
      else if (i instanceof DcItemContext d) dcs.add(new ClusterBuilder.Dc(text(d.name()),
          (int) within(d, number(d, d.INT(0).getText()), Limits::nodes), d.INT().size() > 1
          ? (int) within(d, number(d, d.INT(1).getText()), Limits::racks)
          : 1));
      else if (i instanceof RacksItemContext r) racks = (int) within(r, number(r, r.INT().getText()), Limits::racks);
      else if (i instanceof VnodesItemContext v) vnodes = (int) within(v, number(v, v.INT().getText()), Limits::vnodes);
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

    /** The operations a mix names ('delete' and 'delete row' are the same). */
    static final List<String> MIX_OPERATIONS = List.of("write", "read", "delete", "lwt", "update", "delete cell",
        "delete row", "delete range", "delete partition", "read slice", "read in", "read limit", "read columns",
        "increment");

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
      boolean clientTimestamps = false;
      for (WorkloadItemContext i : w.workloadItem()) {
        if (i instanceof TableItemContext t) table = t.name().size() == 2 ? text(t.name(0)) + "." + text(t.name(1))
            : text(t.name(0));
        else if (i instanceof ColumnItemContext c) gens.put(text(c.name()), GeneratorReader.read(c.generator(), this::error));
        else if (i instanceof MixItemContext m) {
          for (MixPartContext p : m.mixPart()) {
            String k = p.name().stream().map(Builder::text).collect(java.util.stream.Collectors.joining(" "));
            if (!MIX_OPERATIONS.contains(k))
              throw error(p, "unknown operation '" + k + "' in mix (" + String.join(", ", MIX_OPERATIONS) + ")");
            if (mix.containsKey(k)) throw error(p, "operation '" + k + "' is twice in the mix");
            mix.put(k, percent(p, p.PERCENT().getText()));
          }
        } else if (i instanceof ConsistencyItemContext c) {
          wcl = rcl = cl(c, text(c.name()));
        } else if (i instanceof ConsistencySplitItemContext c) {
          wcl = cl(c, text(c.name(0)));
          rcl = cl(c, text(c.name(1)));
        } else if (i instanceof RateItemContext r) rate = within(r, number(r, r.INT().getText()), n -> (long) Limits.rate(n));
        else if (i instanceof ConcurrencyItemContext c) concurrency = (int) within(c, number(c, c.INT().getText()), Limits::concurrency);
        else if (i instanceof WindowItemContext win) {
          from = dur(win.duration(0));
          to = dur(win.duration(1));
          if (to <= from) throw error(win, "the workload window ends before it starts");
        } else if (i instanceof TtlItemContext t) ttl = (int) (dur(t.duration()) / 1000);
        else if (i instanceof TimestampsItemContext ts) {
          String source = text(ts.name());
          if (!source.equals("client") && !source.equals("coordinator"))
            throw error(ts.name(), "timestamps come from 'client' (USING TIMESTAMP) or 'coordinator', not '"
                + source + "'");
          clientTimestamps = source.equals("client");
        }
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
          mix.getOrDefault("read", 0.0), mix.getOrDefault("delete", 0.0) + mix.getOrDefault("delete row", 0.0),
          mix.getOrDefault("lwt", 0.0), wcl, rcl, rate, concurrency, from, to, ttl,
          new WorkloadSpec.CellOps(mix.getOrDefault("update", 0.0), mix.getOrDefault("delete cell", 0.0),
              mix.getOrDefault("delete range", 0.0), mix.getOrDefault("delete partition", 0.0), clientTimestamps,
              mix.getOrDefault("read slice", 0.0), mix.getOrDefault("read in", 0.0),
              mix.getOrDefault("read limit", 0.0), mix.getOrDefault("read columns", 0.0),
              mix.getOrDefault("increment", 0.0)));
      workloads.add(spec);
      workloadCtx.add(w);
    }

    ConsistencyLevel cl(ParserRuleContext ctx, String n) {
      try {
        return ConsistencyLevel.parse(n);
      } catch (IllegalArgumentException e) {
        throw error(ctx, "unknown consistency level '" + n + "'");
      }
    }


    /** A whole number as written in the file; one too large for a long is an error at its place. */
    long number(ParserRuleContext ctx, String v) {
      try {
        return Long.parseLong(v);
      } catch (NumberFormatException e) {
        throw error(ctx, "the number " + (v.length() > 30 ? v.substring(0, 27) + "..." : v) + " is too large");
      }
    }

    /** {@code limit} applied to a value from the file: a value out of range is an error at its place. */
    private long within(ParserRuleContext ctx, long value, java.util.function.LongUnaryOperator limit) {
      try {
        return limit.applyAsLong(value);
      } catch (Limits.OutOfRange e) {
        throw error(ctx, e.getMessage());
      }
    }

    double percent(ParserRuleContext ctx, String p) {
      double v = Double.parseDouble(p.substring(0, p.length() - 1));
      if (v < 0 || v > 100) throw error(ctx, "a percentage must be between 0% and 100%, got " + p);
      return v / 100;
    }

    private long size(ParserRuleContext ctx, String s) {
      return size(ctx, s, 1L << 30);
    }

    private long size(ParserRuleContext ctx, String s, long max) {
      String u = s.replaceAll("[0-9]", "").toUpperCase(Locale.ROOT);
      long n = number(ctx, s.replaceAll("[^0-9]", ""));
      long unit = switch (u) {
        case "KB" -> 1L << 10;
        case "MB" -> 1L << 20;
        case "GB" -> 1L << 30;
        default -> 1;
      };
      long bytes = n > Long.MAX_VALUE / unit ? Long.MAX_VALUE : n * unit;
      if (max != 1L << 30) return bytes;
      return within(ctx, bytes, b -> Limits.range("a memtable size in bytes", b, 1, 1L << 30));
    }

    long dur(DurationContext d) {
      try {
        return Durations.parse(d.getText());
      } catch (Durations.BadDuration e) {
        throw error(d, e.getMessage());
      }
    }

    static String text(NameContext n) {
      return n.getText();
    }

    private static String unquote(String s) {
      return s.substring(1, s.length() - 1);
    }

    static String fmt(long ms) {
      return Durations.format(ms);
    }
  }
}
