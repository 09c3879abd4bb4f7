package io.ringsim.schema;

import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A SASI index's options (org.apache.cassandra.index.sasi.SASIIndex), as Cassandra 4.1's IndexMode reads them:
 * the mode, whether the indexed values are literals (text matched by LIKE) or ordered values (ranges), and the
 * case folding of NonTokenizingAnalyzer when the index is analyzed with it (null when the index is not analyzed). {@code options} are the options as written
 * (without class_name and target), which DESCRIBE and system_schema.indexes show.
 */
public record SasiOptions(Mode mode, boolean literal, CaseFolding folding, SortedMap<String, String> options) {
  public SasiOptions {
    options = new TreeMap<>(options);
  }

  /** SASI's index modes and the search operations each serves (OnDiskIndexBuilder.Mode). */
  public enum Mode {
    PREFIX, CONTAINS, SPARSE;

    public boolean supports(Op op) {
      return switch (this) {
        case PREFIX -> op == Op.EQ || op == Op.MATCH || op == Op.PREFIX || op == Op.RANGE;
        case CONTAINS -> op == Op.EQ || op == Op.MATCH || op == Op.PREFIX || op == Op.SUFFIX || op == Op.CONTAINS;
        case SPARSE -> op == Op.EQ || op == Op.RANGE;
      };
    }
  }

  /** SASI's search operations (its Expression.Op): LIKE's four forms, equality and ranges. */
  public enum Op { EQ, MATCH, PREFIX, SUFFIX, CONTAINS, RANGE }

  /** What the analyzer does to a literal before it is matched: nothing, lower case or upper case. */
  public enum CaseFolding { NONE, LOWER, UPPER }

  /**
   * Whether this index serves {@code op}, as Cassandra's ColumnIndex.supports decides: LIKE only on literals,
   * ranges only on non-literals, the rest as the mode says.
   */
  public boolean supports(Op op) {
    if (op == Op.RANGE && literal) return false;
    if ((op == Op.PREFIX || op == Op.SUFFIX || op == Op.CONTAINS || op == Op.MATCH) && !literal) return false;
    return mode.supports(op);
  }

}
