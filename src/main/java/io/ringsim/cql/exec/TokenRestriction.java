package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Relation;
import io.ringsim.cql.ast.Term;
import io.ringsim.ring.LongToken;
import io.ringsim.ring.Partitioner;
import io.ringsim.ring.Token;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.TableMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A WHERE clause's {@code token(k) > x} relations, where x is a token value ({@code -42}, a bound {@code ?}) or the
 * token of literal key values ({@code token('a')}, {@code token(1, 'one')} on a composite key), turned into the
 * half-open range (start, end] that a token-range scan walks.
 */
final class TokenRestriction {
  private record Bound(Relation.Op op, Term value) {}

  private final List<String> partitionKey;
  private final List<Bound> bounds = new ArrayList<>();

  TokenRestriction(TableMetadata t) {
    this.partitionKey = t.partitionKey().stream().map(ColumnDef::name).toList();
  }

  /** Adds one relation, refusing a second start (or end) bound as Cassandra does. */
  void add(Relation.Token tk) {
    for (Bound b : bounds) {
      if (b.op() == tk.op()) throw invalid("More than one restriction was found for the "
          + (tk.op() == Relation.Op.GT || tk.op() == Relation.Op.GTE ? "start" : "end") + " bound on "
          + String.join(", ", partitionKey));
    }
    bounds.add(new Bound(tk.op(), tk.value()));
  }

  /**
   * The tokens a scan walks: after {@code startExclusive}, up to and including {@code endInclusive}, each a token as
   * text, as a range read names it; null is unbounded on that side.
   */
  record Range(String startExclusive, String endInclusive) {
    boolean contains(long token) {
      return (startExclusive == null || token > Long.parseLong(startExclusive))
          && (endInclusive == null || token <= Long.parseLong(endInclusive));
    }
  }

  Range range(TableMetadata t, Values values, Partitioner partitioner) {
    String start = null, end = null;
    for (Bound b : bounds) {
      long tok = tokenValue(b.value(), t, values, partitioner);
      switch (b.op()) {
        case GT -> start = String.valueOf(tok);
        case GTE -> start = tok == Long.MIN_VALUE ? null : String.valueOf(tok - 1);
        case LT -> end = String.valueOf(tok - 1);
        case LTE -> end = String.valueOf(tok);
        case EQ -> {
          start = tok == Long.MIN_VALUE ? null : String.valueOf(tok - 1);
          end = String.valueOf(tok);
        }
        default -> throw invalid("Unsupported operator " + b.op().symbol + " on token()");
      }
    }
    return new Range(start, end);
  }

  /** The keys whose token is in the range, in their order (Cassandra's TokenFilter over known keys). */
  List<byte[]> keep(List<byte[]> keys, TableMetadata t, Values values, Partitioner partitioner) {
    Range r = range(t, values, partitioner);
    List<byte[]> out = new ArrayList<>();
    for (byte[] key : keys) {
      if (r.contains(((LongToken) partitioner.token(key)).value())) out.add(key);
    }
    return out;
  }

  private static long tokenValue(Term v, TableMetadata t, Values values, Partitioner partitioner) {
    if (!(partitioner.minimum() instanceof LongToken))
      throw invalid("token ranges are only supported with Murmur3Partitioner in this simulator");
    if (v instanceof Term.Bound bound && bound.value() instanceof Long bt) return bt;
    if (v instanceof Term.Literal l && l.kind() == Term.Kind.INTEGER) {
      try {
        return Long.parseLong(l.text());
      } catch (NumberFormatException e) {
        throw invalid("Invalid INTEGER constant (" + l.text() + ") for \"partition key token\" of type bigint");
      }
    }
    if (v instanceof Term.Literal l && l.kind() != Term.Kind.NULL && l.kind() != Term.Kind.INTEGER)
      values.value(v, io.ringsim.schema.types.CqlTypes.BIGINT, "partition key token"); // Cassandra's refusal
    if (v instanceof Term.FunctionCall f && f.name().toLowerCase(Locale.ROOT).equals("token")) {
      Token token = partitioner.token(keyOf(f, t, values));
      return ((LongToken) token).value();
    }
    if (ArithmeticTerms.isArithmetic(v)) {
      Object value = values.value(v, io.ringsim.schema.types.CqlTypes.BIGINT, "partition key token");
      if (value == null) throw invalid("Invalid null token value");
      return (Long) value;
    }
    throw invalid("token() must be compared with a token value (an integer for Murmur3Partitioner)");
  }

  /** The serialized partition key named by token(...)'s literal arguments, type-checked as Cassandra does. */
  static byte[] keyOf(Term.FunctionCall f, TableMetadata t, Values values) {
    List<ColumnDef> pk = t.partitionKey();
    if (f.args().size() != pk.size()) throw invalid("Invalid number of arguments in call to function system.token: "
        + pk.size() + " required but " + f.args().size() + " provided");
    List<Object> key = new ArrayList<>();
    for (int i = 0; i < pk.size(); i++) {
      Term arg = f.args().get(i);
      // Cassandra's FunctionCall.bindAndGet, by the function's own name.
      if (arg instanceof Term.Unset) throw invalid("Invalid unset value for argument in call to function token");
      Object value;
      try {
        value = values.value(arg, pk.get(i).type(), pk.get(i).name());
      } catch (CqlException e) {
        throw invalid("Type error: " + TermText.of(arg) + " cannot be passed as argument " + i
            + " of function system.token of type " + pk.get(i).type().name());
      }
      if (value == null) throw invalid("Invalid null value for partition key part " + pk.get(i).name());
      key.add(value);
    }
    return Keys.partitionKey(t, key);
  }

  private static CqlException invalid(String m) {
    return new CqlException(CqlErrorClass.InvalidRequest, m);
  }
}
