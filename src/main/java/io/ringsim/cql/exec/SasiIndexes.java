package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.IndexMetadata;
import io.ringsim.schema.SasiOptions;
import io.ringsim.schema.SasiOptions.CaseFolding;
import io.ringsim.schema.SasiOptions.Mode;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.UserType;
import io.ringsim.schema.types.CqlTypes;
import java.text.Normalizer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A SASI index's options checked as Cassandra 4.1's SASIIndex.validateOptions and IndexMode check them (their
 * messages kept word for word), and the analysis SASI applies to a literal before matching it.
 */
final class SasiIndexes {
  private SasiIndexes() {}

  private static final String ANALYZERS = "org.apache.cassandra.index.sasi.analyzer.";
  private static final String NON_TOKENIZING = ANALYZERS + "NonTokenizingAnalyzer";
  private static final String NO_OP = ANALYZERS + "NoOpAnalyzer";
  /** Analyzers Cassandra ships that ringsim does not simulate (tokenizing, stemming, stop words). */
  private static final java.util.List<String> NOT_SIMULATED = java.util.List.of(ANALYZERS + "StandardAnalyzer",
      ANALYZERS + "DelimiterAnalyzer");

  private static CqlException configuration(String m) {
    return new CqlException(CqlErrorClass.ConfigurationError, m);
  }

  /** The options of WITH OPTIONS = {...}, in the order written (an absent clause: none). */
  static Map<String, String> options(Term t) {
    Map<String, String> out = new LinkedHashMap<>();
    if (t == null || (t instanceof Term.SetLiteral s && s.elements().isEmpty())) return out;
    if (!(t instanceof Term.MapLiteral m)) throw SchemaOps.invalid("OPTIONS must be a map");
    for (int i = 0; i < m.keys().size(); i++) out.put(SchemaOps.text(m.keys().get(i)), SchemaOps.text(m.values().get(i)));
    return out;
  }

  /**
   * Whether SASI takes the column's values for text (its validator is UTF8Type or AsciiType): not for a clustering
   * column in DESC order, whose validator is a ReversedType.
   */
  static boolean isText(ColumnDef c) {
    CqlType t = c.type();
    return (t == CqlTypes.TEXT || t == CqlTypes.ASCII)
        && !(c.kind() == ColumnKind.CLUSTERING && c.order() == io.ringsim.schema.ClusteringOrder.DESC);
  }

  /**
   * The options of a SASI index on {@code col}, or Cassandra's refusal. {@code target} is the target option
   * Cassandra stores (the column, or keys(m) ...), which its "Failed to validate" message lists.
   */
  static SasiOptions validate(ColumnDef col, Map<String, String> written, String target) {
    if (complex(col.type())) throw configuration("complex columns are not yet supported by SASI");
    if (col.kind() == ColumnKind.PARTITION_KEY)
      throw configuration("partition key columns are not yet supported by SASI");
    String analyzer = written.get("analyzer_class");
    if (analyzer != null) {
      boolean known = analyzer.equals(NON_TOKENIZING) || analyzer.equals(NO_OP) || NOT_SIMULATED.contains(analyzer);
      if (!known) throw configuration("Invalid analyzer class option specified [" + analyzer + "]");
      if (!analyzer.equals(NO_OP) && !isText(col)) throw configuration(analyzer.substring(ANALYZERS.length())
          + " does not support type " + col.type().name());
    }
    Mode mode;
    try {
      mode = written.get("mode") == null ? Mode.PREFIX : Mode.valueOf(written.get("mode").toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw configuration("Incorrect index mode: " + written.get("mode"));
    }
    boolean analyzed = analyzer != null ? written.get("analyzed") == null || Boolean.parseBoolean(written.get("analyzed"))
        : Boolean.parseBoolean(written.get("analyzed"));
    String literalOption = written.get("is_literal");
    boolean literal = literalOption == null ? isText(col) : Boolean.parseBoolean(literalOption);
    String flush = written.get("max_compaction_flush_memory_in_mb");
    if (flush != null) {
      try {
        Long.parseLong(flush);
      } catch (NumberFormatException e) {
        // Not a ConfigurationException in Cassandra: IndexMetadata wraps it, listing the index's options (its
        // HashMap's order).
        Map<String, String> all = new HashMap<>(written);
        all.put("class_name", IndexMetadata.SASI_CLASS);
        all.put("target", target);
        throw configuration("Failed to validate custom indexer options: " + all);
      }
    }
    if (mode == Mode.SPARSE) {
      if (literal) throw configuration("SPARSE mode is only supported on non-literal columns.");
      if (analyzed) throw configuration("SPARSE mode doesn't support analyzers.");
    }
    CaseFolding folding = null; // not analyzed: values are matched as they are
    if (analyzed) {
      // With analyzed but no analyzer class, Cassandra analyzes text with its StandardAnalyzer.
      String used = analyzer != null ? analyzer : isText(col) ? ANALYZERS + "StandardAnalyzer" : NO_OP;
      if (NOT_SIMULATED.contains(used)) throw new CqlException(CqlErrorClass.InvalidRequest, "ringsim does not "
          + "simulate SASI's " + used.substring(ANALYZERS.length()) + " (tokenizing, stemming); a SASI index with "
          + "NonTokenizingAnalyzer (case_sensitive, normalize_lowercase, normalize_uppercase) or none is simulated");
      if (used.equals(NON_TOKENIZING)) folding = folding(written);
    }
    return new SasiOptions(mode, literal, folding, new java.util.TreeMap<>(written));
  }

  /** NonTokenizingAnalyzer's filters: case_sensitive false lower-cases; else normalize_lowercase / _uppercase. */
  private static CaseFolding folding(Map<String, String> o) {
    boolean caseSensitive = o.get("case_sensitive") == null || Boolean.parseBoolean(o.get("case_sensitive"));
    if (!caseSensitive) return CaseFolding.LOWER;
    // Both set: Cassandra lower-cases, then upper-cases.
    if (Boolean.parseBoolean(o.get("normalize_uppercase"))) return CaseFolding.UPPER;
    if (Boolean.parseBoolean(o.get("normalize_lowercase"))) return CaseFolding.LOWER;
    return CaseFolding.NONE;
  }

  /** A multi-cell column: a collection or user type that is not frozen (Cassandra's isComplex). */
  private static boolean complex(CqlType t) {
    return t instanceof ListType l ? !l.frozen() : t instanceof SetType s ? !s.frozen()
        : t instanceof MapType m ? !m.frozen() : t instanceof UserType u && !u.frozen();
  }

  /**
   * A literal as SASI's analyzer hands it to the index and to the query: as it is without an analyzer (NoOpAnalyzer),
   * NFC-normalized and case-folded by NonTokenizingAnalyzer.
   */
  static String analyze(SasiOptions o, String s) {
    if (o == null || o.folding() == null) return s;
    return switch (o.folding()) {
      case NONE -> Normalizer.normalize(s, Normalizer.Form.NFC);
      case LOWER -> Normalizer.normalize(s, Normalizer.Form.NFC).toLowerCase(Locale.ROOT);
      case UPPER -> Normalizer.normalize(s, Normalizer.Form.NFC).toUpperCase(Locale.ROOT);
    };
  }
}
