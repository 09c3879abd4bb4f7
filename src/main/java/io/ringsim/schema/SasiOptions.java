package io.ringsim.schema;

import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A SASI index's options (org.apache.cassandra.index.sasi.SASIIndex), as Cassandra 4.1's IndexMode reads them:
 * the mode, whether the indexed values are literals (text matched by LIKE) or ordered values (ranges), and the
 * analyzer that turns a value into the terms the index holds. {@code options} are the options as written (without
 * class_name and target), which DESCRIBE and system_schema.indexes show.
 */
public record SasiOptions(Mode mode, boolean literal, Analyzer analyzer, SortedMap<String, String> options) {
  public SasiOptions {
    options = new TreeMap<>(options);
    if (analyzer == null) analyzer = new Analyzer.None();
  }

  /** The analyzer SASI runs over a value, and over a query's term, before matching them. */
  public sealed interface Analyzer {
    /** Not analyzed (or NoOpAnalyzer): the value is its one term. */
    record None() implements Analyzer {}

    /** NonTokenizingAnalyzer: the whole value, NFC-normalized and case-folded, is its one term. */
    record NonTokenizing(CaseFolding folding) implements Analyzer {}

    /**
     * StandardAnalyzer: the value's words (Unicode word boundaries), case-folded, without the stop words of
     * {@code stopWordLanguage} (a two-letter language, or null: none skipped), each stemmed by the Snowball stemmer
     * of {@code stemLanguage} (a two-letter language, or null: not stemmed), NFC-normalized.
     */
    record Standard(CaseFolding folding, String stopWordLanguage, String stemLanguage) implements Analyzer {}

    /** DelimiterAnalyzer: the non-empty pieces between {@code delimiter}s, as they are. */
    record Delimiter(char delimiter) implements Analyzer {}

    /** Whether a value may give several terms (Cassandra's isTokenizing). */
    default boolean tokenizing() {
      return this instanceof Standard || this instanceof Delimiter;
    }
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
   * ranges only on non-literals, no equality on a tokenizing analyzer's index, the rest as the mode says.
   */
  public boolean supports(Op op) {
    // A tokenized value has no one term an equality could match; a tokenized CONTAINS index serves no prefix.
    if (analyzer.tokenizing() && (op == Op.EQ || (op == Op.PREFIX && mode == Mode.CONTAINS))) return false;
    if (op == Op.RANGE && literal) return false;
    if ((op == Op.PREFIX || op == Op.SUFFIX || op == Op.CONTAINS || op == Op.MATCH) && !literal) return false;
    return mode.supports(op);
  }

}
