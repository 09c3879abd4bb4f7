package io.ringsim.cql.exec;

import io.ringsim.cql.ast.Relation;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.IndexMetadata;
import io.ringsim.schema.SasiOptions;
import io.ringsim.schema.SasiOptions.Op;
import io.ringsim.schema.TableMetadata;
import io.ringsim.storage.LivePartition;
import io.ringsim.storage.LiveRow;
import java.util.List;

/**
 * The restrictions a SASI index serves, and how a query that reads by a SASI index keeps its rows. SASI evaluates
 * every restriction of the query itself (its Operation tree), each with its column's SASI index, or as an
 * unindexed column when the column has none that serves it: a literal (text, ascii, or is_literal) is analyzed into
 * terms (case-folded, or split into words or pieces) and its terms matched as equal, prefix, suffix or substring,
 * never as a range (so a range on a text column keeps no row once SASI reads, as Cassandra 4.1 answers); other
 * values compare by their type.
 */
final class SasiRowFilter {
  private SasiRowFilter() {}

  private static final int MAX_TERM_SIZE = 1024;

  /** The SASI index that serves {@code cr} without filtering, or null (Cassandra's SASIIndex.supportsExpression). */
  static IndexMetadata supportingIndex(ColumnRestriction cr, List<IndexMetadata> indexes) {
    Op op = op(cr);
    if (op == null) return null;
    for (IndexMetadata i : indexes) {
      if (!i.isSasi() || !i.column().equals(cr.def.name())) continue;
      // A LIKE needs a literal index when the query is prepared; which LIKE its mode serves is checked later.
      if (cr.like != null ? i.sasi().literal() : i.sasi().supports(op)) return i;
    }
    return null;
  }

  /** The SASI operation of a column's restriction: its LIKE, an equality, a range; null for IN and CONTAINS. */
  private static Op op(ColumnRestriction cr) {
    if (cr.like != null) return cr.like.op();
    if (cr.containsCount() > 0) return null;
    if (cr.eq != null) return cr.isIn ? null : Op.EQ;
    return cr.isSlice() ? Op.RANGE : null;
  }

  /**
   * A LIKE pattern as Cassandra's LikeRestriction reads it: '%term%' contains, 'term%' prefix, '%term' suffix,
   * 'term' equality; null when no term is left.
   */
  static ColumnRestriction.Like like(String p) {
    Op op;
    int begin = 0, end = p.length();
    if (p.endsWith("%")) {
      op = p.startsWith("%") ? Op.CONTAINS : Op.PREFIX;
      begin = op == Op.CONTAINS ? 1 : 0;
      end = p.length() - 1;
    } else if (p.startsWith("%")) {
      op = Op.SUFFIX;
      begin = 1;
    } else {
      op = Op.MATCH;
    }
    if (end <= 0 || begin >= end) return null;
    return new ColumnRestriction.Like(op, p.substring(begin, end));
  }

  /** The LIKE operators as Cassandra's messages name them. */
  static String operatorText(Op op) {
    return switch (op) {
      case PREFIX -> "LIKE '<term>%'";
      case SUFFIX -> "LIKE '%<term>'";
      case CONTAINS -> "LIKE '%<term>%'";
      case MATCH -> "LIKE '<term>'";
      default -> op.name();
    };
  }

  /**
   * The table's indexes in the order of Cassandra's SecondaryIndexManager (a ConcurrentHashMap by index name), in
   * which its getBestIndexFor takes the first index that serves an expression.
   */
  static List<IndexMetadata> managerOrder(List<IndexMetadata> indexes) {
    java.util.concurrent.ConcurrentHashMap<String, IndexMetadata> m = new java.util.concurrent.ConcurrentHashMap<>();
    for (IndexMetadata i : indexes) m.put(i.name(), i);
    return List.copyOf(m.values());
  }

  /**
   * The index SASI's query evaluates {@code cr} with: the first of {@code indexes} (in {@link #managerOrder}) that
   * serves it; null when none does (SASI then treats the column as unindexed).
   */
  private static IndexMetadata evaluatingIndex(ColumnRestriction cr, List<IndexMetadata> indexes) {
    Op op = op(cr);
    for (IndexMetadata i : indexes) {
      if (!i.column().equals(cr.def.name())) continue;
      if (i.isSasi() ? op != null && i.sasi().supports(op) : SelectRestrictions.builtInSupports(i, cr)) return i;
    }
    return null;
  }

  /**
   * Cassandra 4.1's SASI read casts the index it finds for each restriction to a SASI index; when a built-in index
   * comes first for one, every replica's read fails (a ClassCastException, a ReadFailure to the client).
   */
  static void checkEvaluable(List<ColumnRestriction> post, List<IndexMetadata> indexes) {
    for (ColumnRestriction cr : post) {
      if (cr.def.kind() == ColumnKind.PARTITION_KEY) continue;
      IndexMetadata i = evaluatingIndex(cr, indexes);
      if (i != null && !i.isSasi()) throw new io.ringsim.cql.CqlException(io.ringsim.cql.CqlErrorClass.ReadFailure,
          "Operation failed - received 0 responses and 1 failures: UNKNOWN (Cassandra 4.1's SASI read fails with a "
          + "ClassCastException: the built-in index " + i.name() + " serves the restriction on " + cr.def.name()
          + " first)");
    }
  }

  /** Whether the row satisfies {@code cr} as SASI evaluates it with the table's indexes (in manager order). */
  static boolean matches(TableMetadata t, LivePartition lp, LiveRow r, ColumnRestriction cr, List<IndexMetadata> sasi) {
    // SASI leaves a partition key column's restriction out of its evaluation: it keeps every row of its reads.
    if (cr.def.kind() == ColumnKind.PARTITION_KEY) return true;
    Op op = op(cr);
    if (op == null) return cr.matches(t, lp, r);
    if (r == null && (cr.def.kind() == ColumnKind.CLUSTERING || cr.def.kind() == ColumnKind.REGULAR)) return false;
    Object v = RowValues.columnValue(t, lp, r, cr.def);
    if (v == null) return false;
    CqlType type = cr.def.type();
    IndexMetadata index = evaluatingIndex(cr, sasi);
    SasiOptions o = index == null ? null : index.sasi();
    boolean literal = o != null ? o.literal() : SasiIndexes.isText(cr.def);
    if (!literal) {
      if (cr.eq != null) return RowValues.compare(type, v, Relation.Op.EQ, cr.eq.get(0));
      if (cr.lowerOp != null && !RowValues.compare(type, v, cr.lowerOp, cr.lower)) return false;
      return cr.upperOp == null || RowValues.compare(type, v, cr.upperOp, cr.upper);
    }
    if (op == Op.RANGE) return false; // SASI matches a literal by its terms only
    if (!(v instanceof String s)) return RowValues.compare(type, v, Relation.Op.EQ, cr.eq.get(0));
    // The query's term is analyzed as the values are: each of its terms is an expression of its own.
    List<String> wanted = SasiIndexes.terms(o, cr.like != null ? cr.like.term() : (String) cr.eq.get(0)).stream()
        .distinct().toList();
    if (wanted.isEmpty()) return false; // no term left (punctuation, stop words): SASI keeps no row
    // SASI's index finds partitions, not rows: a partition is read when, for each term of the query, one of its
    // rows holds a matching indexed term (a term of 1024 bytes or more is left out of the index,
    // OnDiskIndexBuilder.MAX_TERM_SIZE, in the memtable's trie too). An unindexed column is only filtered.
    if (o != null && !partitionHoldsAll(t, lp, cr, o, op, wanted)) return false;
    // Then each row of it is kept when one of its terms matches one of the query's (SASI's Operation ORs the
    // expressions of one column).
    List<String> terms = SasiIndexes.terms(o, s);
    for (String w : wanted) {
      for (String term : terms) {
        if (matches(op, term, w)) return true;
      }
    }
    return false;
  }

  /** The last partition judged on this thread: its rows are filtered one after another. */
  private record PartitionVerdict(LivePartition partition, ColumnRestriction restriction, List<String> wanted,
      boolean holdsAll) {}

  private static final ThreadLocal<PartitionVerdict> LAST = new ThreadLocal<>();

  /** Whether the partition holds every term of the query, judged once for all of its rows. */
  private static boolean partitionHoldsAll(TableMetadata t, LivePartition lp, ColumnRestriction cr, SasiOptions o,
      Op op, List<String> wanted) {
    PartitionVerdict last = LAST.get();
    if (last != null && last.partition() == lp && last.restriction() == cr && last.wanted().equals(wanted))
      return last.holdsAll();
    boolean all = true;
    for (String w : wanted) {
      if (!partitionHolds(t, lp, cr, o, op, w)) {
        all = false;
        break;
      }
    }
    LAST.set(new PartitionVerdict(lp, cr, wanted, all));
    return all;
  }

  /** Whether a row of the partition holds an indexed term of {@code cr}'s column that matches {@code wanted}. */
  private static boolean partitionHolds(TableMetadata t, LivePartition lp, ColumnRestriction cr, SasiOptions o, Op op,
      String wanted) {
    List<LiveRow> rows = cr.def.kind() == ColumnKind.STATIC || lp.rows().isEmpty()
        ? java.util.Collections.singletonList(null) : lp.rows();
    for (LiveRow row : rows) {
      if (!(RowValues.columnValue(t, lp, row, cr.def) instanceof String value)) continue;
      for (String term : SasiIndexes.terms(o, value)) {
        if (term.getBytes(java.nio.charset.StandardCharsets.UTF_8).length < MAX_TERM_SIZE && matches(op, term, wanted))
          return true;
      }
    }
    return false;
  }

  /** An unanalyzed LIKE, for a row filter that SASI does not evaluate. */
  static boolean matches(ColumnRestriction.Like like, String value) {
    return matches(like.op(), value, like.term());
  }

  private static boolean matches(Op op, String value, String term) {
    return switch (op) {
      case PREFIX -> value.startsWith(term);
      case SUFFIX -> value.endsWith(term);
      case CONTAINS -> value.contains(term);
      default -> value.equals(term);
    };
  }
}
