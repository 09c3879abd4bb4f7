package io.ringsim.sim.grade;

import io.ringsim.sim.grade.Assignment.AccessPattern;
import io.ringsim.sim.grade.Assignment.Attribute;
import io.ringsim.sim.grade.Assignment.Condition;
import io.ringsim.sim.grade.Assignment.Entity;
import io.ringsim.sim.grade.Assignment.Op;
import io.ringsim.sim.grade.Assignment.Ordering;
import io.ringsim.sim.grade.Assignment.Pos;
import io.ringsim.sim.grade.LineTokens.Tok;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads one {@code access Q1 "in words" { ... }} section of an assignment: the entity's rows it returns (conditions
 * on attributes compared with named parameters), their order, the attributes returned, the window a range's bounds
 * are drawn within, and how many partitions and runs the grader allows.
 */
final class AccessPatternReader {
  /** The attribute types a range condition can be drawn on. */
  static final Set<String> RANGED = Set.of("int", "bigint", "smallint", "tinyint", "timestamp", "date");

  private final AssignmentLines in;

  AccessPatternReader(AssignmentLines in) {
    this.in = in;
  }

  AccessPattern read(LineTokens h, int hl, List<Entity> entities) {
    List<Tok> ht = h.toks();
    if (ht.size() < 3 || ht.get(1).kind() != LineTokens.Kind.WORD || !ht.get(1).text().matches("[Qq][0-9]+")
        || ht.get(2).kind() != LineTokens.Kind.STRING) {
      throw in.error(hl, ht.get(Math.min(1, ht.size() - 1)), "an access pattern is written 'access Q1 \"what the "
          + "application asks, in words\" {'");
    }
    String id = ht.get(1).text().toUpperCase(Locale.ROOT);
    in.open(h, hl, 3, "access " + id + " \"...\"");
    Pos pos = new Pos(hl, ht.get(1).col());
    Entity entity = null;
    List<Condition> conds = new ArrayList<>();
    List<Ordering> order = new ArrayList<>();
    List<String> returns = null;
    long window = 0, within = 0;
    int partitions = 1, runs = 50;
    Tok windowTok = null;
    int windowLine = 0;
    // the question in another language than the header's, by language tag: what grade --lang prints
    java.util.Map<String, String> descriptions = new java.util.TreeMap<>();
    LineTokens l;
    while ((l = in.item(hl, "access " + id)) != null) {
      int ln = in.lineNo();
      List<Tok> t = l.toks();
      Tok k = t.get(0);
      switch (k.text().toLowerCase(Locale.ROOT)) {
        case "rows" -> {
          if (t.size() < 2) throw in.error(ln, k, "'rows ENTITY where ATTRIBUTE = :PARAMETER and ...'");
          Tok en = t.get(1);
          entity = entities.stream().filter(e -> e.name().equals(en.text())).findFirst().orElseThrow(
              () -> in.error(ln, en, "no entity named '" + en.text() + "' (entities: " + String.join(", ",
                  entities.stream().map(Entity::name).toList()) + "; an entity is described before the access "
                  + "patterns that read it)"));
          conds = conditions(t, ln, entity);
        }
        case "order" -> {
          if (t.size() < 3 || !t.get(1).is("by")) throw in.error(ln, k, "'order by ATTRIBUTE [asc|desc], ...'");
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
          if (returns.isEmpty()) throw in.error(ln, k, "'returns ATTRIBUTE, ...' names at least one attribute");
        }
        case "window" -> {
          if (t.size() != 2 && !(t.size() == 4 && t.get(2).is("within"))) {
            throw in.error(ln, k, "'window 6h' (timestamps; 'window 6h within 1d' keeps it inside one day), "
                + "'window 7' (days of a date, or numbers)");
          }
          windowTok = t.get(1);
          windowLine = ln;
          window = windowTok.text().matches("[0-9]+") ? Long.parseLong(windowTok.text()) : in.duration(windowTok, ln);
          if (t.size() == 4) {
            within = in.duration(t.get(3), ln);
            if (windowTok.text().matches("[0-9]+")) throw in.error(ln, t.get(2), "'within' is for timestamp windows");
            if (within < window) throw in.error(ln, t.get(3), "the window (" + windowTok.text() + ") is longer than "
                + "the block it must stay within (" + t.get(3).text() + ")");
          }
        }
        case "partitions" -> partitions = (int) in.number(l, ln, 1, 1, 1000, "partitions");
        case "runs" -> runs = (int) in.number(l, ln, 1, 1, 10_000, "runs");
        case "description" -> {
          io.ringsim.report.Lang lang = t.size() == 3 && t.get(2).kind() == LineTokens.Kind.STRING
              ? io.ringsim.report.Lang.parse(t.get(1).text()) : null;
          if (lang == null) throw in.error(ln, k, "'description zh-CN \"the question in that language\"' (languages: en, "
              + "zh-CN)");
          descriptions.put(lang.tag(), t.get(2).unquoted());
        }
        default -> throw in.error(ln, k, "unknown item '" + k.text() + "' of an access pattern (expected rows, "
            + "order by, returns, window, partitions, runs, description)");
      }
    }
    if (entity == null) throw in.error(hl, pos.col(), id + " has no 'rows ENTITY where ...' line: which rows it returns");
    boolean ranged = conds.stream().anyMatch(c -> c.op() != Op.EQ);
    if (ranged && window <= 0) {
      throw in.error(hl, pos.col(), id + " has a range condition: give 'window W', how far apart its bounds are drawn");
    }
    for (Condition c : conds) {
      String type = entity.attribute(c.attribute()).orElseThrow().type().name();
      if (c.op() != Op.EQ && !RANGED.contains(type)) {
        throw in.error(hl, pos.col(), id + ": a range (" + c + ") needs an attribute of type int, bigint, smallint, "
            + "tinyint, timestamp or date, not " + type);
      }
    }
    if (windowTok != null) {
      for (Condition c : conds) {
        if (c.op() == Op.EQ) continue;
        String type = entity.attribute(c.attribute()).orElseThrow().type().name();
        boolean timestamp = type.equals("timestamp");
        if (timestamp == windowTok.text().matches("[0-9]+")) {
          throw in.error(windowLine, windowTok, timestamp ? "a window on a timestamp is a duration such as 6h"
              : "a window on a " + type + " is a whole number (days of a date)");
        }
      }
    }
    return new AccessPattern(id, ht.get(2).unquoted(), entity.name(), List.copyOf(conds), List.copyOf(order),
        returns == null ? entity.attributes().stream().map(Attribute::name).toList() : List.copyOf(returns),
        window, within, partitions, runs, pos, java.util.Map.copyOf(descriptions));
  }

  private void requireEntity(Entity e, int ln, Tok at, String id) {
    if (e == null) throw in.error(ln, at, "write " + id + "'s 'rows ENTITY where ...' line first");
  }

  private void checkAttribute(Entity e, Tok a, int ln) {
    if (e.attribute(a.text().toLowerCase(Locale.ROOT)).isEmpty()) {
      throw in.error(ln, a, "entity " + e.name() + " has no attribute '" + a.text() + "' (its attributes: "
          + e.attributeNames() + ")");
    }
  }

  private List<Condition> conditions(List<Tok> t, int ln, Entity e) {
    List<Condition> out = new ArrayList<>();
    if (t.size() < 3 || !t.get(2).is("where")) {
      throw in.error(ln, t.get(Math.min(2, t.size() - 1)), "'rows " + e.name() + " where ATTRIBUTE = :PARAMETER and ...'");
    }
    int i = 3;
    Set<String> params = new HashSet<>();
    while (true) {
      if (i + 2 >= t.size()) {
        throw in.error(ln, t.get(Math.min(i, t.size() - 1)), "a condition is 'ATTRIBUTE OP :PARAMETER' with OP one "
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
        default -> throw in.error(ln, op, "'" + op.text() + "' is not an operator (= < <= > >=)");
      };
      if (!p.text().matches(":[A-Za-z][A-Za-z0-9_]*")) {
        throw in.error(ln, p, "a condition compares with a parameter written :name, not '" + p.text() + "'");
      }
      String pn = p.text().substring(1).toLowerCase(Locale.ROOT);
      if (!params.add(pn)) throw in.error(ln, p, "parameter :" + pn + " is used twice");
      out.add(new Condition(a.text().toLowerCase(Locale.ROOT), o, pn));
      i += 3;
      if (i >= t.size()) break;
      if (!t.get(i).is("and")) throw in.error(ln, t.get(i), "conditions are joined with 'and', not '" + t.get(i).text() + "'");
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
        if (!t.get(i).is(",")) throw in.error(ln, t.get(i), "orderings are separated by ','");
        i++;
      }
    }
    return out;
  }

}
