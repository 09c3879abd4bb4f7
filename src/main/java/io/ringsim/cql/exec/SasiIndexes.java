package io.ringsim.cql.exec;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.ColumnDef;
import io.ringsim.schema.ColumnKind;
import io.ringsim.schema.CqlType;
import io.ringsim.schema.IndexMetadata;
import io.ringsim.schema.SasiOptions;
import io.ringsim.schema.SasiOptions.Analyzer;
import io.ringsim.schema.SasiOptions.CaseFolding;
import io.ringsim.schema.SasiOptions.Mode;
import io.ringsim.schema.collection.ListType;
import io.ringsim.schema.collection.MapType;
import io.ringsim.schema.collection.SetType;
import io.ringsim.schema.collection.UserType;
import io.ringsim.schema.types.CqlTypes;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
  private static final String STANDARD = ANALYZERS + "StandardAnalyzer";
  private static final String DELIMITER = ANALYZERS + "DelimiterAnalyzer";

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
      boolean known = List.of(NON_TOKENIZING, NO_OP, STANDARD, DELIMITER).contains(analyzer);
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
    Analyzer analysis = new Analyzer.None(); // not analyzed: values are matched as they are
    if (analyzed) {
      // With analyzed but no analyzer class, Cassandra analyzes text with its StandardAnalyzer.
      String used = analyzer != null ? analyzer : isText(col) ? STANDARD : NO_OP;
      if (used.equals(NON_TOKENIZING)) analysis = new Analyzer.NonTokenizing(folding(written));
      else if (used.equals(STANDARD)) analysis = standard(written);
      else if (used.equals(DELIMITER)) analysis = delimiter(written);
    }
    return new SasiOptions(mode, literal, analysis, new java.util.TreeMap<>(written));
  }

  /** StandardTokenizerOptions as Cassandra builds them from the index's options. */
  private static Analyzer standard(Map<String, String> o) {
    boolean lower = Boolean.parseBoolean(o.get("tokenization_normalize_lowercase"));
    boolean upper = Boolean.parseBoolean(o.get("tokenization_normalize_uppercase"));
    if (lower && upper) throw failsToInstantiate("StandardAnalyzer", "Options to normalize terms cannot be both "
        + "uppercase and lowercase at the same time");
    String language = null;
    String stemLanguage = null;
    String locale = o.get("tokenization_locale");
    boolean stopWords = Boolean.parseBoolean(o.get("tokenization_skip_stop_words"));
    boolean stemming = Boolean.parseBoolean(o.get("tokenization_enable_stemming"));
    if ((stopWords || stemming) && locale != null) {
      String l = new Locale(locale).getLanguage();
      // Cassandra's StopWordFactory and StemmerFactory take the language's first two letters outside their try: a
      // shorter one fails the analyzer as it is built.
      if (l.length() < 2) throw failsToInstantiate("StandardAnalyzer", (stemming ? "StemmerFactory.getStemmer"
          : "StopWordFactory.getStopWordsForLanguage") + " reads two letters of the language '" + l
          + "' of tokenization_locale '" + locale + "'");
      if (stopWords) language = l.substring(0, 2);
      if (stemming) stemLanguage = l.substring(0, 2);
    }
    return new Analyzer.Standard(upper ? CaseFolding.UPPER : lower ? CaseFolding.LOWER : CaseFolding.NONE, language,
        stemLanguage);
  }

  /**
   * An analyzer Cassandra 4.1 accepts at validation but fails to build once the index is in the schema: a ServerError
   * to the client, and the broken index stays in the table's schema, failing each later schema change of the table.
   * ringsim refuses it with the same error class and creates no index.
   */
  private static CqlException failsToInstantiate(String analyzer, String cause) {
    return new CqlException(CqlErrorClass.ServerError, "java.lang.RuntimeException: "
        + "java.lang.reflect.InvocationTargetException (Cassandra 4.1's " + analyzer + " fails: " + cause + "; the "
        + "failed index stays in the table's schema and each later schema change of the table fails the same way; "
        + "ringsim creates no index)");
  }

  /** DelimiterTokenizingOptions: one character, ',' by default. */
  private static Analyzer delimiter(Map<String, String> o) {
    String d = o.getOrDefault("delimiter", ",");
    if (d.length() != 1) throw failsToInstantiate("DelimiterAnalyzer", "Only single character delimiters supported, "
        + "was " + d);
    return new Analyzer.Delimiter(d.charAt(0));
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
   * The terms SASI's analyzer makes of a literal, for the index and for a query alike: the literal itself without an
   * analyzer (NoOpAnalyzer); NFC-normalized and case-folded by NonTokenizingAnalyzer; its words, case-folded, less
   * the stop words, stemmed, NFC-normalized, by StandardAnalyzer; its non-empty pieces by DelimiterAnalyzer.
   */
  static List<String> terms(SasiOptions o, String s) {
    Analyzer a = o == null ? new Analyzer.None() : o.analyzer();
    if (a instanceof Analyzer.NonTokenizing nt)
      return List.of(fold(nt.folding(), Normalizer.normalize(s, Normalizer.Form.NFC)));
    List<String> out = new ArrayList<>();
    if (a instanceof Analyzer.Standard st) {
      Set<String> stop = st.stopWordLanguage() == null ? Set.of() : stopWords(st.stopWordLanguage());
      SasiStemmers.Stemmer stem = SasiStemmers.of(st.stemLanguage());
      for (String w : SasiWords.of(s)) {
        String t = fold(st.folding(), w);
        if (!stop.contains(t)) out.add(Normalizer.normalize(stem.apply(t), Normalizer.Form.NFC));
      }
      return out;
    }
    if (a instanceof Analyzer.Delimiter d) {
      for (String piece : s.split(java.util.regex.Pattern.quote(String.valueOf(d.delimiter())), -1))
        if (!piece.isEmpty()) out.add(piece);
      return out;
    }
    return List.of(s);
  }

  private static String fold(CaseFolding f, String s) {
    return switch (f) {
      case NONE -> s;
      case LOWER -> s.toLowerCase(Locale.ROOT);
      case UPPER -> s.toUpperCase(Locale.ROOT);
    };
  }

  private static final Map<String, Set<String>> STOP_WORDS = new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * The stop words StandardAnalyzer skips for a language: none for a language Cassandra has no list for. The lists
   * are Cassandra 4.1's own (org/apache/cassandra/index/sasi/analyzer/filter/*_ST.txt, Apache License 2.0).
   */
  private static Set<String> stopWords(String language) {
    return STOP_WORDS.computeIfAbsent(language, l -> {
      InputStream in = SasiIndexes.class.getResourceAsStream("/io/ringsim/cql/sasi-stop-words/" + l + "_ST.txt");
      if (in == null) return Set.of();
      Set<String> words = new HashSet<>();
      try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          if (!line.isEmpty() && line.charAt(0) != '#') words.add(line.trim());
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return Set.copyOf(words);
    });
  }
}
