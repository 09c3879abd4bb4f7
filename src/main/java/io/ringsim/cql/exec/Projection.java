package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Selector;
import io.ringsim.ring.LongToken;
import io.ringsim.ring.Token;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.TableMetadata;
import io.ringsim.schema.types.CqlTypes;
import io.ringsim.storage.Cell;
import io.ringsim.storage.CounterShards;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import io.ringsim.storage.TableSchema;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The SELECT clause: output names and types, and how each value is computed from a row (or from all rows). */
public final class Projection {
  /** One output column. */
  interface Column {
    Object value(LivePartition p, LiveRow r, int nowInSec);
  }

  /** How a column folds the rows: not at all (NONE), an aggregate, or (FOLDED) a selector over other columns' folds. */
  enum Agg { NONE, COUNT, MIN, MAX, SUM, AVG, USER, FOLDED }

  private final List<String> names = new ArrayList<>();
  private final List<CqlType> types = new ArrayList<>();
  private final List<Column> columns = new ArrayList<>();
  private final List<Agg> aggs = new ArrayList<>();
  /** For each USER column, the user-defined aggregate it folds (null for the other columns). */
  private final List<UserFunctionSelectors.AggregateCall> userAggs = new ArrayList<>();
  /** Columns that only feed a FOLDED one ({@code count(*)} in {@code count(*) + 1}): computed, never returned. */
  private final List<Boolean> hidden = new ArrayList<>();
  /** For each FOLDED column, its value from the other columns' folded values (in {@link #folded}). */
  private final java.util.Map<Integer, Column> foldedEvals = new java.util.HashMap<>();
  /** The folded values of the row being made, read by the FOLDED columns' selectors. */
  private Object[] folded;
  private final int nowInSec;
  private final SelectorCompiler compiler;

  /** Functions that are Projection's own rather than native scalar functions: they cannot be nested. */
  static final java.util.Set<String> SPECIAL = java.util.Set.of("token", "writetime", "ttl", "count", "min", "max",
      "sum", "avg");

  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }

  Projection(TableMetadata t, List<Selector> selectors, int nowInSec, Values values) {
    this(t, selectors, nowInSec, values, null);
  }

  /** {@code markers}: for a selection not bound yet, where the type each marker receives is recorded. */
  Projection(TableMetadata t, List<Selector> selectors, int nowInSec, Values values,
      java.util.Map<Integer, CqlType> markers) {
    this.nowInSec = nowInSec;
    this.compiler = new SelectorCompiler(t, values, markers);
    if (selectors.isEmpty()) {
      for (ColumnDef d : RowValues.starColumns(t)) add(t, new Selector.Column(d.name()), null);
    } else {
      for (Selector s : selectors) add(t, s, null);
    }
    boolean anyAgg = aggs.stream().anyMatch(a -> a != Agg.NONE);
    if (anyAgg && aggs.stream().anyMatch(a -> a == Agg.NONE)) {
      // Cassandra allows it (the first row's value); keep that behaviour.
    }
  }

  public List<String> names() {
    return List.copyOf(visible(names));
  }

  public List<CqlType> types() {
    return List.copyOf(visible(types));
  }

  /** {@code all} (one entry per column) without the hidden columns' entries; entries may be null (row values). */
  private <T> List<T> visible(List<T> all) {
    List<T> out = new ArrayList<>();
    if (!hidden.contains(true)) {
      out.addAll(all);
      return out;
    }
    for (int i = 0; i < all.size(); i++) if (!hidden.get(i)) out.add(all.get(i));
    return out;
  }

  public boolean isAggregate() {
    return aggs.stream().anyMatch(a -> a != Agg.NONE);
  }

  private void add(TableMetadata t, Selector s, String alias) {
    if (s instanceof Selector.Aliased a) {
      add(t, a.selector(), a.alias());
      return;
    }
    addColumn(t, s, alias);
    while (hidden.size() < aggs.size()) hidden.add(false);
  }

  /** Whether {@code s} is itself an aggregate call (what a column folds), not a selector around one. */
  private boolean isAggregateCall(Selector s) {
    if (s instanceof Selector.CountStar) return true;
    if (!(s instanceof Selector.Function f)) return false;
    String fn = f.name().toLowerCase(Locale.ROOT);
    return List.of("count", "min", "max", "sum", "avg").contains(fn)
        || (NativeFunctions.overloads(fn).isEmpty() && UserFunctionSelectors.namesAggregate(compiler, f));
  }

  /**
   * A selector holding an aggregate inside a function or an operation ({@code toJson(count(*))}, {@code max(v) -
   * min(v)}): each aggregate in it, and each column beside them, becomes a hidden column folded over the rows, and
   * the selector is computed from their folded values when the result row is made, as Cassandra 4.1 does.
   */
  private void addFolded(TableMetadata t, Selector s, String alias) {
    SelectorCompiler.Expr e = compiler.compileFolded(s, inner -> {
      int at = aggs.size();
      addColumn(t, inner, null);
      hidden.add(true);
      return new SelectorCompiler.Expr(names.get(at), types.get(at), (p, r, now) -> folded[at], null);
    });
    if (e.type() == null) {
      throw invalid("Cannot infer type for term " + e.name() + " in selection clause (try using a cast to force a"
          + " type)");
    }
    names.add(alias != null ? alias : e.name());
    types.add(e.type());
    columns.add((p, r, now) -> null);
    aggs.add(Agg.FOLDED);
    foldedEvals.put(aggs.size() - 1, e.eval());
    hidden.add(false);
  }

  private void addColumn(TableMetadata t, Selector s, String alias) {
    if (!isAggregateCall(s) && compiler.holdsAggregate(s)) {
      addFolded(t, s, alias);
      return;
    }
    if (s instanceof Selector.Column c) {
      ColumnDef def = column(t, c.name());
      compiler.collected(def.name());
      names.add(alias != null ? alias : def.name());
      types.add(def.type());
      columns.add((p, r, now) -> RowValues.columnValue(t, p, r, def));
      aggs.add(Agg.NONE);
      return;
    }
    if (s instanceof Selector.CountStar) {
      names.add(alias != null ? alias : "count");
      types.add(CqlTypes.BIGINT);
      columns.add((p, r, now) -> 1L);
      aggs.add(Agg.COUNT);
      return;
    }
    String fn = s instanceof Selector.Function f0 ? f0.name().toLowerCase(Locale.ROOT) : "";
    UserFunctionSelectors.AggregateCall uda = s instanceof Selector.Function f1 && !SPECIAL.contains(fn)
        && NativeFunctions.overloads(fn).isEmpty() ? UserFunctionSelectors.aggregate(compiler, f1) : null;
    if (uda != null) {
      names.add(alias != null ? alias : uda.name());
      types.add(uda.type());
      columns.add(uda.args());
      aggs.add(Agg.USER);
      while (userAggs.size() < aggs.size() - 1) userAggs.add(null);
      userAggs.add(uda);
      return;
    }
    if (!SPECIAL.contains(fn)) {
      SelectorCompiler.Expr e = compiler.compile(s);
      if (e.type() == null) {
        throw invalid("Cannot infer type for term " + e.name() + " in selection clause (try using a cast to force a"
            + " type)");
      }
      names.add(alias != null ? alias : e.name());
      types.add(e.type());
      columns.add(e.eval());
      aggs.add(Agg.NONE);
      return;
    }
    Selector.Function f = (Selector.Function) s;
    if (List.of("count", "min", "max", "sum", "avg").contains(fn) && f.args().size() == 1
        && !(f.args().get(0) instanceof Selector.Column)) {
      SelectorCompiler.Expr e = compiler.compile(f.args().get(0));
      if (e.type() == null) throw invalid("Cannot infer type for term " + e.name() + " in selection clause");
      checkNumeric(fn, e.type());
      names.add(alias != null ? alias : "system." + fn + "(" + e.name() + ")");
      types.add(fn.equals("count") ? CqlTypes.BIGINT : e.type());
      columns.add(e.eval());
      aggs.add(Agg.valueOf(fn.toUpperCase(Locale.ROOT)));
      return;
    }
    if (ROW_FUNCTIONS.contains(fn)) {
      SelectorCompiler.Expr e = compiler.compile(f);
      names.add(alias != null ? alias : e.name());
      types.add(e.type());
      columns.add(e.eval());
      aggs.add(Agg.NONE);
      return;
    }
    List<ColumnDef> args = arguments(t, f, fn);
    for (ColumnDef a : args) compiler.collected(a.name());
    switch (fn) {
      case "count", "min", "max", "sum", "avg" -> {
        if (args.size() != 1) throw invalid("Invalid number of arguments in call to function system." + fn);
        ColumnDef def = args.get(0);
        checkNumeric(fn, def.type());
        names.add(alias != null ? alias : "system." + fn + "(" + def.name() + ")");
        if ((fn.equals("min") || fn.equals("max")) && def.type() instanceof io.ringsim.schema.collection.UserType u) {
          // Cassandra 4.1 answers min/max of a UDT with its generic overload: the value's bytes, as a blob, ordered
          // as bytes.
          types.add(CqlTypes.BLOB);
          columns.add((p, r, now) -> {
            Object v = RowValues.columnValue(t, p, r, def);
            return v == null ? null : java.nio.ByteBuffer.wrap(u.serialize(v)).asReadOnlyBuffer();
          });
        } else {
          types.add(fn.equals("count") ? CqlTypes.BIGINT : def.type());
          columns.add((p, r, now) -> RowValues.columnValue(t, p, r, def));
        }
        aggs.add(Agg.valueOf(fn.toUpperCase(Locale.ROOT)));
      }
      default -> throw invalid("Unknown function '" + fn + "'");
    }
  }

  /** The functions of a row rather than of values: usable as an operand, as in {@code writetime(v) / 1000}. */
  static final java.util.Set<String> ROW_FUNCTIONS = java.util.Set.of("token", "writetime", "ttl");

  /** The columns a special function is given (only column names, as Cassandra 4.1's grammar takes them). */
  private static List<ColumnDef> arguments(TableMetadata t, Selector.Function f, String fn) {
    List<ColumnDef> args = new ArrayList<>();
    for (Selector a : f.args()) {
      // Cassandra 4.1's grammar takes only a column name in writetime() and ttl().
      if (a instanceof Selector.Field && (fn.equals("writetime") || fn.equals("ttl")))
        throw new CqlException(CqlErrorClass.SyntaxError, "mismatched input '.' expecting ')' in " + fn + "()");
      if (!(a instanceof Selector.Column c))
        throw invalid("Nested functions are not supported by this simulator: " + fn);
      args.add(column(t, c.name()));
    }
    return args;
  }

  /** token(), writetime() or ttl() as a selector: Cassandra's name for it, its type, its value in a row. */
  static SelectorCompiler.Expr rowFunction(TableMetadata t, Selector.Function f, String fn) {
    List<ColumnDef> args = arguments(t, f, fn);
    List<String> argNames = args.stream().map(ColumnDef::name).toList();
    if (fn.equals("token")) {
      // Cassandra's token() takes the partition key's types, as a function's signature (TokenFct).
      List<ColumnDef> pk = t.partitionKey();
      if (args.size() != pk.size()) throw invalid("Invalid number of arguments in call to function system.token: "
          + pk.size() + " required but " + args.size() + " provided");
      for (int i = 0; i < args.size(); i++) {
        if (!args.get(i).type().equals(pk.get(i).type())) throw invalid("Type error: " + args.get(i).name()
            + " cannot be passed as argument " + i + " of function system.token of type " + pk.get(i).type().name());
      }
      String name = "system.token(" + String.join(", ", argNames) + ")";
      if (args.equals(pk)) return new SelectorCompiler.Expr(name, CqlTypes.BIGINT, (p, r, now) -> tokenValue(p), null);
      // Other columns of the key's types: the token their values would have as a partition key.
      return new SelectorCompiler.Expr(name, CqlTypes.BIGINT, (p, r, now) -> {
        List<Object> key = new ArrayList<>();
        for (ColumnDef a : args) {
          Object v = RowValues.columnValue(t, p, r, a);
          if (v == null) return null;
          key.add(v);
        }
        if (!(p.key().token() instanceof LongToken)) throw invalid("token() of columns other than the partition key "
            + "is only computed with Murmur3Partitioner in this simulator");
        return io.ringsim.ring.Murmur3Partitioner.tokenValue(Keys.partitionKey(t, key));
      }, null);
    }
    if (args.size() != 1) throw invalid(fn + "() takes exactly one column");
    ColumnDef def = args.get(0);
    String shown = fn.equals("ttl") ? "ttl" : "writeTime";
    if (def.isPrimaryKey()) throw invalid("Cannot use selection function " + shown + " on PRIMARY KEY part "
        + def.name());
    if (CounterShards.isCounter(def.type()))
      throw invalid("Cannot use selection function " + shown + " on counter column " + def.name());
    if (TableSchema.isComplex(def.type()))
      throw invalid("Cannot use selection function " + shown + " on non-frozen " + (def.type()
          instanceof io.ringsim.schema.collection.UserType ? "UDT " : "collection ") + def.name());
    return new SelectorCompiler.Expr(fn + "(" + def.name() + ")", fn.equals("ttl") ? CqlTypes.INT : CqlTypes.BIGINT,
        (p, r, now) -> {
          Cell c = RowValues.cell(def, p, r);
          if (c == null) return null;
          if (fn.equals("writetime")) return c.timestamp();
          return c.ttl() == 0 ? null : c.remainingTtl(now);
        }, null);
  }

  /** The numeric types sum() and avg() have overloads for, in the order Cassandra 4.1 lists them. */
  private static final List<String> SUMMABLE = List.of("double", "float", "int", "tinyint", "smallint", "counter",
      "bigint", "decimal", "varint");

  /** sum() and avg() of anything but a number: Cassandra finds no overload (it was a ClassCastException here). */
  private static void checkNumeric(String fn, CqlType t) {
    if (!fn.equals("sum") && !fn.equals("avg") || SUMMABLE.contains(t.name())) return;
    StringBuilder known = new StringBuilder();
    for (String n : SUMMABLE) {
      if (known.length() > 0) known.append(", ");
      known.append("system.").append(fn).append(" : (").append(n).append(") -> ").append(n);
    }
    throw invalid("Invalid call to function " + fn + ", none of its type signatures match (known type signatures: "
        + known + ")");
  }

  private static Object tokenValue(LivePartition p) {
    Token tok = p.key().token();
    if (tok instanceof LongToken l) return l.value();
    return Long.parseLong(tok.toString().length() > 18 ? "0" : tok.toString());
  }

  static ColumnDef column(TableMetadata t, String name) {
    return t.column(name).orElseThrow(() -> invalid("Undefined column name " + quote(name) + " in table "
        + t.qualifiedName()));
  }

  /** Cassandra quotes a column name in messages when it is not all lower case. */
  static String quote(String name) {
    return name.equals(name.toLowerCase(Locale.ROOT)) && name.matches("[a-z][a-z0-9_]*") ? name
        : "\"" + name + "\"";
  }

  Accumulator start() {
    return new Accumulator(false);
  }

  /** With GROUP BY: aggregates fold per group, and each {@link Accumulator#endGroup} gives one row. */
  Accumulator startGrouped() {
    return new Accumulator(true);
  }

  /** Collects rows (or folds them, for aggregates) into the result. */
  final class Accumulator {
    private final List<List<Object>> rows = new ArrayList<>();
    private final boolean grouped;
    private Object[] agg;
    private long[] counts;
    private boolean any;

    Accumulator(boolean grouped) {
      this.grouped = grouped;
    }

    /** Closes the current group: its aggregate row is added (a group is never empty). */
    void endGroup() {
      if (!isAggregate() || !any) return;
      rows.add(aggregateRow());
      agg = null;
      counts = null;
      any = false;
    }

    void add(LivePartition p, LiveRow r) {
      List<Object> row = new ArrayList<>(columns.size());
      for (Column c : columns) row.add(c.value(p, r, nowInSec));
      if (!isAggregate()) {
        rows.add(row);
        return;
      }
      if (agg == null) {
        agg = new Object[columns.size()];
        counts = new long[columns.size()];
      }
      for (int i = 0; i < columns.size(); i++) {
        Object v = row.get(i);
        Agg a = aggs.get(i);
        switch (a) {
          case NONE -> {
            if (!any) agg[i] = v;
          }
          case FOLDED -> { }
          case COUNT -> {
            if (v != null) counts[i]++;
          }
          case MIN, MAX -> {
            if (v == null) break;
            if (agg[i] == null) agg[i] = v;
            else {
              CqlType t = types.get(i);
              int c = io.ringsim.schema.EmptyValue.compare(t, t.serialize(v), t.serialize(agg[i]));
              if ((a == Agg.MIN && c < 0) || (a == Agg.MAX && c > 0)) agg[i] = v;
            }
          }
          case USER -> {
            if (agg[i] == null) agg[i] = new FunctionCalls.Fold(userAggs.get(i).catalog(), userAggs.get(i).aggregate());
            @SuppressWarnings("unchecked")
            List<Object> in = (List<Object>) v;
            ((FunctionCalls.Fold) agg[i]).add(in);
          }
          case SUM, AVG -> {
            if (v == null) break;
            if (io.ringsim.schema.EmptyValue.is(v)) throw NumericAggregate.emptyValue(a == Agg.SUM, types.get(i));
            if (agg[i] == null) agg[i] = a == Agg.SUM ? NumericAggregate.sum(types.get(i))
                : NumericAggregate.avg(types.get(i));
            ((NumericAggregate) agg[i]).add(v);
          }
        }
      }
      any = true;
    }

    ResultSet result() {
      if (!isAggregate()) return new ResultSet(names, types, rows, List.of());
      if (grouped) {
        endGroup();
        return new ResultSet(names(), types(), rows, List.of());
      }
      return new ResultSet(names(), types(), List.of(aggregateRow()), List.of());
    }

    private List<Object> aggregateRow() {
      List<Object> row = new ArrayList<>();
      for (int i = 0; i < columns.size(); i++) {
        Agg a = aggs.get(i);
        CqlType t = types.get(i);
        switch (a) {
          case COUNT -> row.add(counts == null ? 0L : counts[i]);
          case USER -> {
            FunctionCalls.Fold f = agg == null || agg[i] == null ? null : (FunctionCalls.Fold) agg[i];
            if (f == null) f = new FunctionCalls.Fold(userAggs.get(i).catalog(), userAggs.get(i).aggregate());
            row.add(f.result());
          }
          case SUM, AVG -> {
            NumericAggregate n = agg == null || agg[i] == null ? null : (NumericAggregate) agg[i];
            if (n == null) n = a == Agg.SUM ? NumericAggregate.sum(t) : NumericAggregate.avg(t);
            row.add(n.result());
          }
          default -> row.add(agg == null ? null : agg[i]);
        }
      }
      if (foldedEvals.isEmpty()) return row;
      folded = row.toArray();
      foldedEvals.forEach((i, e) -> row.set(i, e.value(null, null, nowInSec)));
      return visible(row);
    }
  }
}
