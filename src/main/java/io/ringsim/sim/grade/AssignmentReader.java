package io.ringsim.sim.grade;

import io.ringsim.sim.script.InputFiles;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.sim.ValueGen;
import io.ringsim.sim.grade.Assignment.AccessPattern;
import io.ringsim.sim.grade.Assignment.Attribute;
import io.ringsim.sim.grade.Assignment.Entity;
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
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an assignment file (simulations/assignments/*.sim). Line-oriented like a scenario: one item per line,
 * sections in braces, '#' comments; attributes take the scenario language's generators. Every error is a
 * {@link GradeException} starting with FILE:LINE:COL. This class reads the header, the cluster, the entities and the
 * limits; {@link AccessPatternReader} reads the access patterns; {@link AssignmentLines} is the cursor both read.
 */
public final class AssignmentReader {
  /** The attribute types an entity may have: those the generators can make. */
  static final Set<String> TYPES = Set.of("text", "varchar", "ascii", "int", "bigint", "smallint", "tinyint",
      "varint", "decimal", "double", "float", "boolean", "uuid", "timeuuid", "timestamp", "date", "blob", "inet");
  /** Every instance is counted at full scale: about 35 bytes of heap per partition and 8 µs per row and table. */
  static final long MAX_COUNT = 10_000_000L;
  static final int MAX_SAMPLE = 200_000;

  private final String file;
  private final AssignmentLines in;

  private AssignmentReader(String file, String text) {
    this.file = file;
    this.in = new AssignmentLines(file, text);
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

  private Assignment file() {
    LineTokens h = in.next();
    if (h == null) throw in.error(1, 1, "empty assignment: it starts with 'assignment NAME \"what it is about\"'");
    int hl = in.lineNo();
    Tok first = h.toks().get(0);
    if (!first.is("assignment") || h.toks().size() < 2) {
      throw in.error(hl, first, "an assignment starts with 'assignment NAME \"what it is about\"'");
    }
    String name = h.toks().get(1).unquoted();
    String description = h.toks().size() > 2 ? h.toks().get(2).unquoted() : "";
    if (h.toks().size() > 3) throw in.error(hl, h.toks().get(3), "unexpected '" + h.toks().get(3).text() + "'");
    long seed = 1;
    int sample = 20_000;
    Assignment.ClusterShape cluster = new Assignment.ClusterShape(6, 16, 3);
    List<Entity> entities = new ArrayList<>();
    List<AccessPattern> patterns = new ArrayList<>();
    List<int[]> patternLines = new ArrayList<>();
    Assignment.Limits limits = new Assignment.Limits(null, null, null);
    boolean limitsSeen = false;
    LineTokens l;
    while ((l = in.next()) != null) {
      int ln = in.lineNo();
      Tok k = l.toks().get(0);
      switch (k.text().toLowerCase(Locale.ROOT)) {
        case "seed" -> seed = in.number(l, ln, 1, 0, Long.MAX_VALUE, "the seed");
        case "sample" -> sample = (int) in.number(l, ln, 1, 1, MAX_SAMPLE, "the sample");
        case "cluster" -> cluster = cluster(l, ln);
        case "entity" -> {
          Entity e = entity(l, ln);
          for (Entity o : entities) {
            if (o.name().equals(e.name())) throw in.error(ln, l.toks().get(1), "a second entity named '" + e.name() + "'");
          }
          entities.add(e);
        }
        case "access" -> {
          AccessPattern p = new AccessPatternReader(in).read(l, ln, entities);
          for (AccessPattern o : patterns) {
            if (o.id().equalsIgnoreCase(p.id())) {
              throw in.error(ln, l.toks().get(1), "a second access pattern named " + p.id());
            }
          }
          patterns.add(p);
        }
        case "limits" -> {
          if (limitsSeen) throw in.error(ln, k, "a second limits section");
          limitsSeen = true;
          limits = limits(l, ln);
        }
        default -> throw in.error(ln, k, "unknown item '" + k.text() + "' (expected seed, sample, cluster, entity,"
            + " access or limits)");
      }
    }
    if (entities.isEmpty()) throw in.error(in.lineCount(), 1, "no entity: the assignment describes its data with "
        + "'entity NAME { ... }'");
    if (patterns.isEmpty()) throw in.error(in.lineCount(), 1, "no access pattern: the assignment lists what the "
        + "application asks with 'access Q1 \"in words\" { rows ENTITY where ... }'");
    return new Assignment(file, name, description, seed, sample, cluster, List.copyOf(entities),
        List.copyOf(patterns), limits);
  }

  private Assignment.ClusterShape cluster(LineTokens h, int hl) {
    in.open(h, hl, 1, "cluster");
    int nodes = 6, vnodes = 16, rf = 3;
    LineTokens l;
    while ((l = in.item(hl, "cluster")) != null) {
      int ln = in.lineNo();
      Tok k = l.toks().get(0);
      switch (k.text().toLowerCase(Locale.ROOT)) {
        case "nodes" -> nodes = (int) in.number(l, ln, 1, 1, 100, "nodes");
        case "vnodes" -> vnodes = (int) in.number(l, ln, 1, 1, 256, "vnodes");
        case "replication" -> rf = (int) in.number(l, ln, 1, 1, 10, "replication");
        default -> throw in.error(ln, k, "unknown cluster item '" + k.text() + "' (expected nodes, vnodes, replication)");
      }
    }
    if (rf > nodes) throw in.error(hl, 1, "replication " + rf + " needs at least " + rf + " nodes, not " + nodes);
    return new Assignment.ClusterShape(nodes, vnodes, rf);
  }

  private Entity entity(LineTokens h, int hl) {
    if (h.toks().size() < 2 || h.toks().get(1).kind() != LineTokens.Kind.WORD) {
      throw in.error(hl, h.toks().get(0), "an entity is written 'entity NAME {'");
    }
    String name = h.toks().get(1).text();
    in.open(h, hl, 2, "entity " + name);
    Pos pos = new Pos(hl, h.toks().get(1).col());
    long count = -1, start = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli(), over = 0;
    List<Attribute> attrs = new ArrayList<>();
    LineTokens l;
    while ((l = in.item(hl, "entity " + name)) != null) {
      int ln = in.lineNo();
      Tok k = l.toks().get(0);
      if (k.is("count") && l.toks().size() == 2) {
        count = in.number(l, ln, 1, 1, MAX_COUNT, "count");
      } else if (k.is("over") && l.toks().size() == 2) {
        over = in.duration(l.toks().get(1), ln);
      } else if (k.is("start") && l.toks().size() == 2) {
        try {
          start = Instant.parse(l.toks().get(1).unquoted()).toEpochMilli();
        } catch (java.time.format.DateTimeParseException e) {
          throw in.error(ln, l.toks().get(1), "'" + l.toks().get(1).text() + "' is not an instant such as "
              + "2026-01-01T00:00:00Z");
        }
      } else {
        attrs.add(attribute(l, ln, attrs));
      }
    }
    if (count < 0) throw in.error(hl, pos.col(), "entity " + name + " has no 'count N' (how many there are)");
    if (attrs.isEmpty()) throw in.error(hl, pos.col(), "entity " + name + " has no attributes ('NAME TYPE GENERATOR')");
    return new Entity(name, count, start, over, List.copyOf(attrs), pos);
  }

  private Attribute attribute(LineTokens l, int ln, List<Attribute> before) {
    Tok n = l.toks().get(0);
    if (n.kind() != LineTokens.Kind.WORD || !n.text().matches("[A-Za-z][A-Za-z0-9_]*")) {
      throw in.error(ln, n, "an attribute is written 'NAME TYPE GENERATOR' with a name such as user_id, not '"
          + n.text() + "'");
    }
    if (l.toks().size() < 3) {
      throw in.error(ln, n, "attribute " + n.text() + " needs a type and a generator: 'NAME TYPE GENERATOR', e.g. "
          + "'" + n.text() + " int uniform(1000)' (generators: " + Generators.KNOWN + ")");
    }
    for (Attribute a : before) {
      if (a.name().equalsIgnoreCase(n.text())) throw in.error(ln, n, "a second attribute named '" + n.text() + "'");
    }
    Tok t = l.toks().get(1);
    String typeName = t.text().toLowerCase(Locale.ROOT);
    if (!TYPES.contains(typeName)) {
      throw in.error(ln, t, "unknown attribute type '" + t.text() + "' (expected one of " + String.join(", ",
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
          throw in.error(ln, g, "values(...): '" + v + "' is not a " + typeName);
        }
      }
    }
    return new Attribute(n.text().toLowerCase(Locale.ROOT), type, gen, genText, new Pos(ln, n.col()));
  }

  private static final Pattern SIZE = Pattern.compile("([0-9]+)(B|KB|MB|GB)", Pattern.CASE_INSENSITIVE);

  private Assignment.Limits limits(LineTokens h, int hl) {
    in.open(h, hl, 1, "limits");
    Long bytes = null, rows = null;
    Double skew = null;
    LineTokens l;
    while ((l = in.item(hl, "limits")) != null) {
      int ln = in.lineNo();
      List<Tok> t = l.toks();
      if (t.size() == 3 && t.get(0).is("partition") && t.get(1).is("size")) {
        Matcher m = SIZE.matcher(t.get(2).text());
        if (!m.matches()) throw in.error(ln, t.get(2), "'" + t.get(2).text() + "' is not a size such as 10MB");
        long unit = switch (m.group(2).toUpperCase(Locale.ROOT)) {
          case "KB" -> 1L << 10;
          case "MB" -> 1L << 20;
          case "GB" -> 1L << 30;
          default -> 1L;
        };
        try {
          bytes = Math.multiplyExact(Long.parseLong(m.group(1)), unit);
        } catch (NumberFormatException | ArithmeticException e) {
          throw in.error(ln, t.get(2), "'" + t.get(2).text() + "' is more bytes than a partition can hold (at most "
              + "8589934591GB)");
        }
        if (bytes < 1) throw in.error(ln, t.get(2), "a partition size limit is at least 1B");
      } else if (t.size() == 3 && t.get(0).is("partition") && t.get(1).is("rows")) {
        rows = in.number(l, ln, 2, 1, Long.MAX_VALUE, "partition rows");
      } else if (t.size() == 3 && t.get(0).is("load") && t.get(1).is("skew")) {
        try {
          skew = Double.parseDouble(t.get(2).text());
        } catch (NumberFormatException e) {
          skew = -1.0;
        }
        if (!(skew >= 1)) throw in.error(ln, t.get(2), "load skew is max/mean node load, a number of at least 1.0");
      } else {
        throw in.error(ln, t.get(0), "unknown limit (expected 'partition size 10MB', 'partition rows 100000', "
            + "'load skew 1.5')");
      }
    }
    return new Assignment.Limits(bytes, rows, skew);
  }
}
