package io.ringsim.cql.exec;

import static io.ringsim.cql.exec.SchemaOps.invalid;
import static io.ringsim.cql.exec.SchemaOps.text;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.ShownOptions;
import io.ringsim.schema.TableParams;
import io.ringsim.storage.CompactionStrategy;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** A table's WITH options (CREATE and ALTER TABLE): read, checked with Cassandra's messages, kept in TableParams. */
final class TableOptions {
  private TableOptions() {}

  /** {@code p} with CREATE or ALTER TABLE's WITH options applied, each checked as Cassandra checks it. */
  static TableParams params(TableParams p, Map<String, Term> options) {
    ShownOptions shown = p.shown();
    int minIndexInterval = shown.minIndexInterval();
    int maxIndexInterval = shown.maxIndexInterval();
    for (Map.Entry<String, Term> o : options.entrySet()) {
      String k = o.getKey();
      Term v = o.getValue();
      try {
        switch (k) {
          case "default_time_to_live" -> p = p.withDefaultTimeToLive(intOption(v, k));
          case "gc_grace_seconds" -> p = p.withGcGraceSeconds(intOption(v, k));
          case "bloom_filter_fp_chance" -> p = p.withBloomFilterFpChance(Double.parseDouble(text(v)));
          case "compaction" -> {
            if (!(emptyAsMap(v) instanceof Term.MapLiteral m)) throw invalid("compaction must be a map");
            Map<String, String> map = new LinkedHashMap<>();
            for (int i = 0; i < m.keys().size(); i++) map.put(text(m.keys().get(i)), text(m.values().get(i)));
            if (!map.containsKey("class"))
              throw new IllegalArgumentException("Missing sub-option 'class' for the 'compaction' option");
            CompactionStrategy.fromOptions(map);
            p = p.withCompaction(map);
          }
          case "compression" -> p = p.withCompression(compression(v));
          case "caching" -> shown = caching(shown, v);
          case "comment" -> shown = shown.withComment(text(v));
          case "speculative_retry" -> shown = shown.withSpeculativeRetry(RetryPolicies.normal(text(v), k));
          case "additional_write_policy" -> shown = shown.withAdditionalWritePolicy(RetryPolicies.normal(text(v), k));
          case "read_repair" -> shown = shown.withReadRepair(readRepair(text(v)));
          case "crc_check_chance" -> shown = shown.withCrcCheckChance(Double.parseDouble(text(v)));
          case "memtable_flush_period_in_ms" -> shown = shown.withMemtableFlushPeriodInMs(intOption(v, k));
          case "min_index_interval" -> minIndexInterval = intOption(v, k);
          case "max_index_interval" -> maxIndexInterval = intOption(v, k);
          case "cdc" -> shown = shown.withCdc(Boolean.parseBoolean(text(v)));
          case "extensions" -> { }
          // Cassandra 4.1 knows only the memtable configurations its cassandra.yaml defines, and with none defined
          // only 'default', which leaves the table as it is (system_schema.tables still shows memtable null).
          case "memtable" -> {
            if (!text(v).equals("default"))
              throw new IllegalArgumentException("Memtable configuration \"" + text(v) + "\" not found.");
          }
          // CREATE TABLE's id (ALTER TABLE refuses one before this): kept to be shown, the table's id from then on.
          case "id" -> {
            if (!text(v).matches("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"))
              throw new IllegalArgumentException("Invalid table id");
            shown = shown.withId(java.util.UUID.fromString(text(v)));
          }
          default -> throw new CqlException(CqlErrorClass.SyntaxError, "Unknown property '" + k + "'");
        }
      } catch (IllegalArgumentException e) {
        throw new CqlException(CqlErrorClass.ConfigurationError, e.getMessage());
      }
    }
    try {
      return p.withShown(shown.withIndexIntervals(minIndexInterval, maxIndexInterval));
    } catch (IllegalArgumentException e) {
      throw new CqlException(CqlErrorClass.ConfigurationError, e.getMessage());
    }
  }

  /** {} reads as an empty set literal; Cassandra's grammar takes it as the empty map an option expects. */
  private static Term emptyAsMap(Term t) {
    return t instanceof Term.SetLiteral e && e.elements().isEmpty() ? new Term.MapLiteral(List.of(), List.of()) : t;
  }

  /** Cassandra's PropertyDefinitions.getInt: an integer, or a string that reads as one; else a syntax error. */
  private static int intOption(Term v, String k) {
    if (v instanceof Term.Literal l && (l.kind() == Term.Kind.INTEGER || l.kind() == Term.Kind.STRING)) {
      try {
        return Integer.parseInt(l.text());
      } catch (NumberFormatException e) {
        // falls through to the refusal
      }
    }
    throw new CqlException(CqlErrorClass.SyntaxError, "Invalid integer value " + (v instanceof Term.Literal l
        ? l.text() : TermText.of(v)) + " for '" + k + "'");
  }

  /** What a compression map may hold besides its class (CompressionParams and the compressors' own options). */
  private static final Set<String> COMPRESSION_OPTIONS = Set.of("class", "sstable_compression", "chunk_length_in_kb",
      "chunk_length_kb", "enabled", "crc_check_chance", "min_compress_ratio", "max_compressed_length",
      "lz4_compressor_type", "lz4_high_compressor_level", "compression_level");

  /**
   * Cassandra's ReadRepairStrategy: BLOCKING or NONE, in any case. Anything else escapes Cassandra 4.1's checks as
   * the enum's own exception, which the client receives as a server error.
   */
  private static String readRepair(String v) {
    String u = v.toUpperCase(Locale.ROOT);
    if (u.equals("BLOCKING") || u.equals("NONE")) return u;
    throw new CqlException(CqlErrorClass.ServerError, "java.lang.IllegalArgumentException: No enum constant "
        + "org.apache.cassandra.service.reads.repair.ReadRepairStrategy." + u);
  }

  private static final Set<String> COMPRESSORS = Set.of("LZ4Compressor", "SnappyCompressor", "DeflateCompressor",
      "ZstdCompressor", "NoopCompressor");

  /**
   * The compression map as Cassandra's CompressionParams.fromMap reads it and asMap shows it: {'enabled': 'false'}
   * when disabled (by 'enabled', by {} or by an empty sstable_compression), else the class by its full name,
   * chunk_length_in_kb (16 by default), the options left and min_compress_ratio when not 0. ringsim does not
   * compress, but refuses what Cassandra would refuse, in Cassandra's order, and shows what Cassandra would show.
   */
  private static Map<String, String> compression(Term value) {
    if (!(emptyAsMap(value) instanceof Term.MapLiteral m)) throw invalid("compression must be a map");
    Map<String, String> opts = new LinkedHashMap<>();
    for (int i = 0; i < m.keys().size(); i++) opts.put(text(m.keys().get(i)), text(m.values().get(i)));
    String enabled = opts.remove("enabled");
    boolean on = enabled == null || Boolean.parseBoolean(enabled);
    if (on && !opts.isEmpty() && !opts.containsKey("class") && !opts.containsKey("sstable_compression"))
      throw new IllegalArgumentException("Missing sub-option 'class' for the 'compression' option.");
    if (!on) {
      if (!opts.isEmpty())
        throw new IllegalArgumentException("If the 'enabled' option is set to false no other options must be"
            + " specified");
      return Map.of("enabled", "false");
    }
    String cls;
    if (opts.containsKey("class")) {
      if (opts.containsKey("sstable_compression")) throw new IllegalArgumentException("The 'sstable_compression' option"
          + " must not be used if the compression algorithm is already specified by the 'class' option");
      cls = opts.remove("class");
      if (cls.isEmpty()) throw new IllegalArgumentException("The 'class' option must not be empty. To disable"
          + " compression use 'enabled' : false");
    } else {
      cls = opts.remove("sstable_compression");
    }
    String chunkText = null;
    if (opts.containsKey("chunk_length_in_kb")) {
      if (opts.containsKey("chunk_length_kb")) throw new IllegalArgumentException("The 'chunk_length_kb' option must"
          + " not be used if the chunk length is already specified by the 'chunk_length_in_kb' option");
      chunkText = opts.remove("chunk_length_in_kb");
    } else if (opts.containsKey("chunk_length_kb")) {
      chunkText = opts.remove("chunk_length_kb");
    }
    int chunkKb = 16;
    if (chunkText != null) {
      try {
        chunkKb = Integer.parseInt(chunkText);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("Invalid value for chunk_length_in_kb");
      }
      if (chunkKb > Integer.MAX_VALUE / 1024)
        throw new IllegalArgumentException("Value of chunk_length_in_kb is too large (" + chunkKb + ")");
    }
    // A ratio that is no number escapes Cassandra's checks: its NumberFormatException is a server error.
    String ratioText = opts.remove("min_compress_ratio");
    double ratio;
    try {
      ratio = ratioText == null ? 0 : Double.parseDouble(ratioText);
    } catch (NumberFormatException e) {
      throw new CqlException(CqlErrorClass.ServerError, "java.lang.NumberFormatException: " + e.getMessage());
    }
    if (cls == null || cls.isEmpty()) {
      if (!opts.isEmpty()) throw new IllegalArgumentException("Unknown compression options (" + opts.keySet()
          + ") since no compression class found");
      return Map.of("enabled", "false");
    }
    String simple = cls.startsWith("org.apache.cassandra.io.compress.")
        ? cls.substring("org.apache.cassandra.io.compress.".length()) : cls;
    if (!COMPRESSORS.contains(simple)) throw new IllegalArgumentException("Could not create Compression for type "
        + (cls.contains(".") ? cls : "org.apache.cassandra.io.compress." + cls));
    java.util.List<String> unknown = opts.keySet().stream().filter(k -> !COMPRESSION_OPTIONS.contains(k)).toList();
    if (!unknown.isEmpty()) throw new IllegalArgumentException("Unknown compression options "
        + String.join(", ", unknown));
    // CompressionParams.validate, on the length in bytes.
    if (chunkKb <= 0) throw new IllegalArgumentException("Invalid negative or null chunk_length_in_kb");
    if (Integer.bitCount(chunkKb) != 1) throw new IllegalArgumentException("chunk_length_in_kb must be a power of 2");
    int chunkBytes = chunkKb * 1024;
    double maxCompressed = Math.ceil(Math.min(chunkBytes / ratio, Integer.MAX_VALUE));
    if (maxCompressed < 0) throw new IllegalArgumentException("Invalid negative min_compress_ratio");
    if (maxCompressed > chunkBytes && maxCompressed < Integer.MAX_VALUE)
      throw new IllegalArgumentException("min_compress_ratio can either be 0 or greater than or equal to 1");
    Map<String, String> out = new java.util.TreeMap<>(opts);
    out.remove("crc_check_chance"); // accepted for compatibility; Cassandra 4.1 keeps it as a table option
    out.put("class", "org.apache.cassandra.io.compress." + simple);
    out.put("chunk_length_in_kb", String.valueOf(chunkKb));
    if (ratio != 0) out.put("min_compress_ratio", String.valueOf(ratio));
    return out;
  }

  /**
   * Cassandra's CachingParams: 'keys' ALL or NONE, 'rows_per_partition' ALL, NONE or a whole number of rows; a
   * sub-option left out of the map is NONE (not the table default's 'keys': 'ALL').
   */
  private static ShownOptions caching(ShownOptions shown, Term value) {
    if (!(emptyAsMap(value) instanceof Term.MapLiteral m)) throw invalid("caching must be a map");
    String keys = "NONE", rows = "NONE";
    java.util.List<String> unknown = new java.util.ArrayList<>();
    for (int i = 0; i < m.keys().size(); i++) {
      String k = text(m.keys().get(i));
      String v = text(m.values().get(i));
      switch (k) {
        case "keys" -> {
          if (!v.equalsIgnoreCase("ALL") && !v.equalsIgnoreCase("NONE")) throw new IllegalArgumentException(
              "Invalid value '" + v + "' for caching sub-option 'keys': only 'ALL' and 'NONE' are allowed");
          keys = v.toUpperCase(Locale.ROOT);
        }
        case "rows_per_partition" -> {
          if (v.equalsIgnoreCase("ALL") || v.equalsIgnoreCase("NONE")) {
            rows = v.toUpperCase(Locale.ROOT);
          } else if (v.matches("[0-9]+")) {
            rows = String.valueOf(Integer.parseInt(v));
          } else {
            throw new IllegalArgumentException("Invalid value '" + v + "' for caching sub-option 'rows_per_partition':"
                + " only 'ALL', 'NONE', and integer values are allowed");
          }
        }
        default -> unknown.add(k);
      }
    }
    if (!unknown.isEmpty()) throw new IllegalArgumentException("Invalid caching sub-options " + unknown
        + ": only 'keys' and 'rows_per_partition' are allowed");
    return shown.withCaching(keys, rows);
  }
}
