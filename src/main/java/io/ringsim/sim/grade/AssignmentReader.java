package io.ringsim.sim.grade;

import io.ringsim.sim.script.InputFiles;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.sim.ValueGen;
import io.ringsim.sim.grade.Assignment.AccessPattern;
import io.ringsim.sim.grade.Assignment.Attribute;
import io.ringsim.sim.grade.Assignment.Condition;
import io.ringsim.sim.grade.Assignment.Entity;
import io.ringsim.sim.grade.Assignment.Op;
import io.ringsim.sim.grade.Assignment.Ordering;
import io.ringsim.sim.grade.Assignment.Pos;
import io.ringsim.sim.grade.LineTokens.Tok;
import io.ringsim.sim.script.Generators;
import io.ringsim.sim.script.ScenarioException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an assignment file (simulations/assignments/*.sim). Line-oriented like a scenario: one item per line,
 * sections in braces, '#' comments; attributes take the scenario language's generators. Every error is a
 * {@link GradeException} starting with FILE:LINE:COL.
 */
public final class AssignmentReader {
  /** The attribute types an entity may have: those the generators can make. */
  static final Set<String> TYPES = Set.of("text", "varchar", "ascii", "int", "bigint", "smallint", "tinyint",
      "varint", "decimal", "double", "float", "boolean", "uuid", "timeuuid", "timestamp", "date", "blob", "inet");
  static final Set<String> RANGED = Set.of("int", "bigint", "smallint", "tinyint", "timestamp", "date");
  /** Every instance is counted at full scale: about 35 bytes of heap per partition and 8 µs per row and table. */
  static final long MAX_COUNT = 10_000_000L;
  static final int MAX_SAMPLE = 200_000;

  private final String file;
  private final List<String> lines;
  private int at; // index of the next line to read

  private AssignmentReader(String file, String text) {
    this.file = file;
    this.lines = List.of(text.split("\r?\n", -1));
  }

  public static Assignment read(Path path) {
    String text;
    try {
      text = Files.readString(path, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new GradeException(path + ": cannot read: "
          + InputFiles.whyUnreadable(path, e, "an assignment file"));
    }
    return parse(text, path.toString());
  }

  public static Assignment parse(String text, String file) {
    return new AssignmentReader(file, text).file();
  }

  private GradeException error(int line, int col, String msg) {
    return new GradeException(file + ":" + line + ":" + col + ": " + msg);
  }

  private GradeException error(int line, Tok t, String msg) {
    return error(line, t.col(), msg);
  }

  /** The next line with something on it, or null at the end; {@code at} then points past it. */
  private LineTokens next() {
    while (at < lines.size()) {
      String l = lines.get(at++);
      LineTokens t;
      try {
        t = LineTokens.of(l);
      } catch (IllegalStateException e) {
        throw error(at, Integer.parseInt(e.getMessage()), "a quoted string that does not end on its line");
      }
      if (!t.toks().isEmpty()) return t;
    }
    return null;
  }

  private int lineNo() {
    return at;
  }

  private Assignment file() {
    LineTokens h = next();
    if (h == null) throw error(1, 1, "empty assignment: it starts with 'assignment NAME \"what it is about\"'");
    int hl = lineNo();
    Tok first = h.toks().get(0);
    if (!first.is("assignment") || h.toks().size() < 2) {
      throw error(hl, first, "an assignment starts with 'assignment NAME \"what it is about\"'");
    }
    String name = h.toks().get(1).unquoted();
    String description = h.toks().size() > 2 ? h.toks().get(2).unquoted() : "";
    if (h.toks().size() > 3) throw error(hl, h.toks().get(3), "unexpected '" + h.toks().get(3).text() + "'");
    long seed = 1;
    int sample = 20_000;
    Assignment.ClusterShape cluster = new Assignment.ClusterShape(6, 16, 3);
    List<Entity> entities = new ArrayList<>();
    List<AccessPattern> patterns = new ArrayList<>();
    List<int[]> patternLines = new ArrayList<>();
    Assignment.Limits limits = new Assignment.Limits(null, null, null);
    boolean limitsSeen = false;
    LineTokens l;
    while ((l = next()) != null) {
      int ln = lineNo();
      Tok k = l.toks().get(0);
      switch (k.text().toLowerCase(Locale.ROOT)) {
        case "seed" -> seed = number(l, ln, 1, 0, Long.MAX_VALUE, "the seed");
        case "sample" -> sample = (int) number(l, ln, 1, 1, MAX_SAMPLE, "the sample");
        case "cluster" -> cluster = cluster(l, ln);
        case "entity" -> {
          Entity e = entity(l, ln);
          for (Entity o : entities) {
            if (o.name().equals(e.name())) throw error(ln, l.toks().get(1), "a second entity named '" + e.name() + "'");
          }
          entities.add(e);
        }
        case "access" -> {
          AccessPattern p = access(l, ln, entities);
          for (AccessPattern o : patterns) {
            if (o.id().equalsIgnoreCase(p.id())) {
              throw error(ln, l.toks().get(1), "a second access pattern named " + p.id());
            }
          }
          patterns.add(p);
        }
        case "limits" -> {
          if (limitsSeen) throw error(ln, k, "a second limits section");
          limitsSeen = true;
          limits = limits(l, ln);
        }
        default -> throw error(ln, k, "unknown item '" + k.text() + "' (expected seed, sample, cluster, entity,"
            + " access or limits)");
      }
    }
    if (entities.isEmpty()) throw error(lines.size(), 1, "no entity: the assignment describes its data with "
        + "'entity NAME { ... }'");
    if (patterns.isEmpty()) throw error(lines.size(), 1, "no access pattern: the assignment lists what the "
        + "application asks with 'access Q1 \"in words\" { rows ENTITY where ... }'");
    return new Assignment(file, name, description, seed, sample, cluster, List.copyOf(entities),
        List.copyOf(patterns), limits);
  }

  private long number(LineTokens l, int ln, int index, long min, long max, String what) {
    if (l.toks().size() <= index) throw error(ln, l.toks().get(index - 1).col(), what + " needs a number");
    if (l.toks().size() > index + 1) {
      throw error(ln, l.toks().get(index + 1), "unexpected '" + l.toks().get(index + 1).text() + "'");
    }
    Tok t = l.toks().get(index);
    long v;
    try {
      v = Long.parseLong(t.text().replace("_", ""));
    } catch (NumberFormatException e) {
      throw error(ln, t, what + ": '" + t.text() + "' is not a whole number");
    }
    if (v < min || v > max) throw error(ln, t, what + " must be between " + min + " and " + max + ", not " + v);
    return v;
  }

  private void open(LineTokens l, int ln, int braceIndex, String what) {
    if (l.toks().size() != braceIndex + 1 || !l.toks().get(braceIndex).is("{")) {
      Tok t = l.toks().get(Math.min(braceIndex, l.toks().size() - 1));
      throw error(ln, t, what + " is written '" + what + " {' with its items on the lines below");
    }
  }

  /** The section's items up to its closing brace; null marks the brace. */
  private LineTokens item(int openedAt, String what) {
    LineTokens l = next();
    if (l == null) throw error(openedAt, 1, "the " + what + " section has no closing '}'");
    if (l.toks().get(0).is("}")) {
      if (l.toks().size() > 1) throw error(lineNo(), l.toks().get(1), "the closing '}' stands alone on its line");
      return null;
    }
    return l;
  }

  private Assignment.ClusterShape cluster(LineTokens h, int hl) {
    open(h, hl, 1, "cluster");
    int nodes = 6, vnodes = 16, rf = 3;
    LineTokens l;
    while ((l = item(hl, "cluster")) != null) {
      int ln = lineNo();
      Tok k = l.toks().get(0);
      switch (k.text().toLowerCase(Locale.ROOT)) {
        case "nodes" -> nodes = (int) number(l, ln, 1, 1, 100, "nodes");
        case "vnodes" -> vnodes = (int) number(l, ln, 1, 1, 256, "vnodes");
        case "replication" -> rf = (int) number(l, ln, 1, 1, 10, "replication");
        default -> throw error(ln, k, "unknown cluster item '" + k.text() + "' (expected nodes, vnodes, replication)");
      }
    }
    if (rf > nodes) throw error(hl, 1, "replication " + rf + " needs at least " + rf + " nodes, not " + nodes);
    return new Assignment.ClusterShape(nodes, vnodes, rf);
  }

  private Entity entity(LineTokens h, int hl) {
    if (h.toks().size() < 2 || h.toks().get(1).kind() != LineTokens.Kind.WORD) {
      throw error(hl, h.toks().get(0), "an entity is written 'entity NAME {'");
    }
    String name = h.toks().get(1).text();
    open(h, hl, 2, "entity " + name);
    Pos pos = new Pos(hl, h.toks().get(1).col());
    long count = -1, start = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli(), over = 0;
    List<Attribute> attrs = new ArrayList<>();
    LineTokens l;
    while ((l = item(hl, "entity " + name)) != null) {
      int ln = lineNo();
      Tok k = l.toks().get(0);
      if (k.is("count") && l.toks().size() == 2) {
        count = number(l, ln, 1, 1, MAX_COUNT, "count");
      } else if (k.is("over") && l.toks().size() == 2) {
        over = duration(l.toks().get(1), ln);
      } else if (k.is("start") && l.toks().size() == 2) {
        try {
          start = Instant.parse(l.toks().get(1).unquoted()).toEpochMilli();
        } catch (java.time.format.DateTimeParseException e) {
          throw error(ln, l.toks().get(1), "'" + l.toks().get(1).text() + "' is not an instant such as "
              + "2026-01-01T00:00:00Z");
        }
      } else {
        attrs.add(attribute(l, ln, attrs));
      }
    }
    if (count < 0) throw error(hl, pos.col(), "entity " + name + " has no 'count N' (how many there are)");
    if (attrs.isEmpty()) throw error(hl, pos.col(), "entity " + name + " has no attributes ('NAME TYPE GENERATOR')");
    return new Entity(name, count, start, over, List.copyOf(attrs), pos);
  }

  private Attribute attribute(LineTokens l, int ln, List<Attribute> before) {
    Tok n = l.toks().get(0);
    if (n.kind() != LineTokens.Kind.WORD || !n.text().matches("[A-Za-z][A-Za-z0-9_]*")) {
      throw error(ln, n, "an attribute is written 'NAME TYPE GENERATOR' with a name such as user_id, not '"
          + n.text() + "'");
    }
    if (l.toks().size() < 3) {
      throw error(ln, n, "attribute " + n.text() + " needs a type and a generator: 'NAME TYPE GENERATOR', e.g. "
          + "'" + n.text() + " int uniform(1000)' (generators: " + Generators.KNOWN + ")");
    }
    for (Attribute a : before) {
      if (a.name().equalsIgnoreCase(n.text())) throw error(ln, n, "a second attribute named '" + n.text() + "'");
    }
    Tok t = l.toks().get(1);
    String typeName = t.text().toLowerCase(Locale.ROOT);
    if (!TYPES.contains(typeName)) {
      throw error(ln, t, "unknown attribute type '" + t.text() + "' (expected one of " + String.join(", ",
          new java.util.TreeSet<>(TYPES)) + ")");
    }
    CqlType type = CqlTypes.byName(typeName);
    Tok g = l.toks().get(2);
    String genText = l.restFrom(g.col());
    ValueGen gen;
    try {
      gen = Generators.parse(genText, file, ln, g.col());
    } catch (ScenarioException e) {
      throw new GradeException(e.getMessage());
    }
    if (gen instanceof ValueGen.Choice c) {
      for (String v : c.values()) {
        try {
          type.parseLiteral(typeName.equals("text") || typeName.equals("varchar") || typeName.equals("ascii")
              ? "'" + v.replace("'", "''") + "'" : v);
        } catch (RuntimeException e) {
          throw error(ln, g, "values(...): '" + v + "' is not a " + typeName);
        }
      }
    }
    return new Attribute(n.text().toLowerCase(Locale.ROOT), type, gen, genText, new Pos(ln, n.col()));
  }

  private static final Pattern DURATION = Pattern.compile("(?:[0-9]+(?:ms|d|h|m|s))+");
  private static final Pattern DURATION_PART = Pattern.compile("([0-9]+)(ms|d|h|m|s)");

  /** 180d, 6h, 90m, 30s, 1d12h: milliseconds. */
  private long duration(Tok t, int ln) {
    if (!DURATION.matcher(t.text()).matches()) {
      throw error(ln, t, "'" + t.text() + "' is not a duration such as 180d, 6h, 30m, 10s");
    }
    long ms = 0;
    Matcher m = DURATION_PART.matcher(t.text());
    while (m.find()) {
      long v = Long.parseLong(m.group(1));
      ms += v * switch (m.group(2)) {
        case "d" -> 86_400_000L;
        case "h" -> 3_600_000L;
        case "m" -> 60_000L;
        case "s" -> 1_000L;
        default -> 1L;
      };
    }
    if (ms <= 0 || ms > 100L * 365 * 86_400_000L) throw error(ln, t, "a duration from 1ms to 100 years");
    return ms;
  }

  private AccessPattern access(LineTokens h, int hl, List<Entity> entities) {
    List<Tok> ht = h.toks();
    if (ht.size() < 3 || ht.get(1).kind() != LineTokens.Kind.WORD || !ht.get(1).text().matches("[Qq][0-9]+")
        || ht.get(2).kind() != LineTokens.Kind.STRING) {
      throw error(hl, ht.get(Math.min(1, ht.size() - 1)), "an access pattern is written 'access Q1 \"what the "
          + "application asks, in words\" {'");
    }
    String id = ht.get(1).text().toUpperCase(Locale.ROOT);
    open(h, hl, 3, "access " + id + " \"...\"");
    Pos pos = new Pos(hl, ht.get(1).col());
    Entity entity = null;
    List<Condition> conds = new ArrayList<>();
    List<Ordering> order = new ArrayList<>();
    List<String> returns = null;
    long window = 0, within = 0;
    int partitions = 1, runs = 50;
    Tok windowTok = null;
    int windowLine = 0;
    LineTokens l;
    while ((l = item(hl, "access " + id)) != null) {
      int ln = lineNo();
      List<Tok> t = l.toks();
      Tok k = t.get(0);
      switch (k.text().toLowerCase(Locale.ROOT)) {
        case "rows" -> {
          if (t.size() < 2) throw error(ln, k, "'rows ENTITY where ATTRIBUTE = :PARAMETER and ...'");
          Tok en = t.get(1);
          entity = entities.stream().filter(e -> e.name().equals(en.text())).findFirst().orElseThrow(
              () -> error(ln, en, "no entity named '" + en.text() + "' (entities: " + String.join(", ",
                  entities.stream().map(Entity::name).toList()) + "; an entity is described before the access "
                  + "patterns that read it)"));
          conds = conditions(t, ln, entity);
        }
        case "order" -> {
          if (t.size() < 3 || !t.get(1).is("by")) throw error(ln, k, "'order by ATTRIBUTE [asc|desc], ...'");
          order = ordering(t, ln, entity, id);
        }
        case "returns" -> {
          returns = new ArrayList<>();
          requireEntity(entity, ln, k, id);
          for (int i = 1; i < t.size(); i++) {
            Tok a = t.get(i);
            if (a.is(",")) continue;
            checkAttribute(entity, a, ln);
            returns.add(a.text().toLowerCase(Locale.ROOT));
          }
          if (returns.isEmpty()) throw error(ln, k, "'returns ATTRIBUTE, ...' names at least one attribute");
        }
        case "window" -> {
          if (t.size() != 2 && !(t.size() == 4 && t.get(2).is("within"))) {
            throw error(ln, k, "'window 6h' (timestamps; 'window 6h within 1d' keeps it inside one day), "
                + "'window 7' (days of a date, or numbers)");
          }
          windowTok = t.get(1);
          windowLine = ln;
          window = windowTok.text().matches("[0-9]+") ? Long.parseLong(windowTok.text()) : duration(windowTok, ln);
          if (t.size() == 4) {
            within = duration(t.get(3), ln);
            if (windowTok.text().matches("[0-9]+")) throw error(ln, t.get(2), "'within' is for timestamp windows");
            if (within < window) throw error(ln, t.get(3), "the window (" + windowTok.text() + ") is longer than "
                + "the block it must stay within (" + t.get(3).text() + ")");
          }
        }
        case "partitions" -> partitions = (int) number(l, ln, 1, 1, 1000, "partitions");
        case "runs" -> runs = (int) number(l, ln, 1, 1, 10_000, "runs");
        default -> throw error(ln, k, "unknown item '" + k.text() + "' of an access pattern (expected rows, "
            + "order by, returns, window, partitions, runs)");
      }
    }
    if (entity == null) throw error(hl, pos.col(), id + " has no 'rows ENTITY where ...' line: which rows it returns");
    boolean ranged = conds.stream().anyMatch(c -> c.op() != Op.EQ);
    if (ranged && window <= 0) {
      throw error(hl, pos.col(), id + " has a range condition: give 'window W', how far apart its bounds are drawn");
    }
    for (Condition c : conds) {
      String type = entity.attribute(c.attribute()).orElseThrow().type().name();
      if (c.op() != Op.EQ && !RANGED.contains(type)) {
        throw error(hl, pos.col(), id + ": a range (" + c + ") needs an attribute of type int, bigint, smallint, "
            + "tinyint, timestamp or date, not " + type);
      }
    }
    if (windowTok != null) {
      for (Condition c : conds) {
        if (c.op() == Op.EQ) continue;
        String type = entity.attribute(c.attribute()).orElseThrow().type().name();
        boolean timestamp = type.equals("timestamp");
        if (timestamp == windowTok.text().matches("[0-9]+")) {
          throw error(windowLine, windowTok, timestamp ? "a window on a timestamp is a duration such as 6h"
              : "a window on a " + type + " is a whole number (days of a date)");
        }
      }
    }
    return new AccessPattern(id, ht.get(2).unquoted(), entity.name(), List.copyOf(conds), List.copyOf(order),
        returns == null ? entity.attributes().stream().map(Attribute::name).toList() : List.copyOf(returns),
        window, within, partitions, runs, pos);
  }

  private void requireEntity(Entity e, int ln, Tok at, String id) {
    if (e == null) throw error(ln, at, "write " + id + "'s 'rows ENTITY where ...' line first");
  }

  private void checkAttribute(Entity e, Tok a, int ln) {
    if (e.attribute(a.text().toLowerCase(Locale.ROOT)).isEmpty()) {
      throw error(ln, a, "entity " + e.name() + " has no attribute '" + a.text() + "' (its attributes: "
          + e.attributeNames() + ")");
    }
  }

  private List<Condition> conditions(List<Tok> t, int ln, Entity e) {
    List<Condition> out = new ArrayList<>();
    if (t.size() < 3 || !t.get(2).is("where")) {
      throw error(ln, t.get(Math.min(2, t.size() - 1)), "'rows " + e.name() + " where ATTRIBUTE = :PARAMETER and ...'");
    }
    int i = 3;
    Set<String> params = new HashSet<>();
    while (true) {
      if (i + 2 >= t.size()) {
        throw error(ln, t.get(Math.min(i, t.size() - 1)), "a condition is 'ATTRIBUTE OP :PARAMETER' with OP one "
            + "of = < <= > >=");
      }
      Tok a = t.get(i), op = t.get(i + 1), p = t.get(i + 2);
      checkAttribute(e, a, ln);
      Op o = switch (op.text()) {
        case "=" -> Op.EQ;
        case "<" -> Op.LT;
        case "<=" -> Op.LE;
        case ">" -> Op.GT;
        case ">=" -> Op.GE;
        default -> throw error(ln, op, "'" + op.text() + "' is not an operator (= < <= > >=)");
      };
      if (!p.text().matches(":[A-Za-z][A-Za-z0-9_]*")) {
        throw error(ln, p, "a condition compares with a parameter written :name, not '" + p.text() + "'");
      }
      String pn = p.text().substring(1).toLowerCase(Locale.ROOT);
      if (!params.add(pn)) throw error(ln, p, "parameter :" + pn + " is used twice");
      out.add(new Condition(a.text().toLowerCase(Locale.ROOT), o, pn));
      i += 3;
      if (i >= t.size()) break;
      if (!t.get(i).is("and")) throw error(ln, t.get(i), "conditions are joined with 'and', not '" + t.get(i).text() + "'");
      i++;
    }
    return out;
  }

  private List<Ordering> ordering(List<Tok> t, int ln, Entity e, String id) {
    requireEntity(e, ln, t.get(0), id);
    List<Ordering> out = new ArrayList<>();
    int i = 2;
    while (i < t.size()) {
      Tok a = t.get(i++);
      checkAttribute(e, a, ln);
      boolean desc = false;
      if (i < t.size() && (t.get(i).is("asc") || t.get(i).is("desc"))) desc = t.get(i++).is("desc");
      out.add(new Ordering(a.text().toLowerCase(Locale.ROOT), desc));
      if (i < t.size()) {
        if (!t.get(i).is(",")) throw error(ln, t.get(i), "orderings are separated by ','");
        i++;
      }
    }
    return out;
  }

  private static final Pattern SIZE = Pattern.compile("([0-9]+)(B|KB|MB|GB)", Pattern.CASE_INSENSITIVE);

  private Assignment.Limits limits(LineTokens h, int hl) {
    open(h, hl, 1, "limits");
    Long bytes = null, rows = null;
    Double skew = null;
    LineTokens l;
    while ((l = item(hl, "limits")) != null) {
      int ln = lineNo();
      List<Tok> t = l.toks();
      if (t.size() == 3 && t.get(0).is("partition") && t.get(1).is("size")) {
        Matcher m = SIZE.matcher(t.get(2).text());
        if (!m.matches()) throw error(ln, t.get(2), "'" + t.get(2).text() + "' is not a size such as 10MB");
        long unit = switch (m.group(2).toUpperCase(Locale.ROOT)) {
          case "KB" -> 1L << 10;
          case "MB" -> 1L << 20;
          case "GB" -> 1L << 30;
          default -> 1L;
        };
        bytes = Long.parseLong(m.group(1)) * unit;
      } else if (t.size() == 3 && t.get(0).is("partition") && t.get(1).is("rows")) {
        rows = number(l, ln, 2, 1, Long.MAX_VALUE, "partition rows");
      } else if (t.size() == 3 && t.get(0).is("load") && t.get(1).is("skew")) {
        try {
          skew = Double.parseDouble(t.get(2).text());
        } catch (NumberFormatException e) {
          skew = -1.0;
        }
        if (!(skew >= 1)) throw error(ln, t.get(2), "load skew is max/mean node load, a number of at least 1.0");
      } else {
        throw error(ln, t.get(0), "unknown limit (expected 'partition size 10MB', 'partition rows 100000', "
            + "'load skew 1.5')");
      }
    }
    return new Assignment.Limits(bytes, rows, skew);
  }
}
