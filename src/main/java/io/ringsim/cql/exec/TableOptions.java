package io.ringsim.cql.exec;

import static io.ringsim.cql.exec.SchemaOps.invalid;
import static io.ringsim.cql.exec.SchemaOps.text;

import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.ast.Term;
import io.ringsim.schema.TableParams;
import io.ringsim.storage.CompactionStrategy;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** A table's WITH options (CREATE and ALTER TABLE): read, checked with Cassandra's messages, kept in TableParams. */
final class TableOptions {
  private TableOptions() {}

  /** {@code p} with CREATE or ALTER TABLE's WITH options applied, each checked as Cassandra checks it. */
  static TableParams params(TableParams p, Map<String, Term> options) {
    for (Map.Entry<String, Term> o : options.entrySet()) {
      String k = o.getKey();
      try {
        switch (k) {
          case "default_time_to_live" -> p = p.withDefaultTimeToLive((int) Values.integer(o.getValue(), k));
          case "gc_grace_seconds" -> p = p.withGcGraceSeconds((int) Values.integer(o.getValue(), k));
          case "bloom_filter_fp_chance" -> p = new TableParams(p.defaultTimeToLive(), p.gcGraceSeconds(),
              Double.parseDouble(text(o.getValue())), p.compaction(), p.compression());
          case "compaction" -> {
            if (!(o.getValue() instanceof Term.MapLiteral m)) throw invalid("compaction must be a map");
            Map<String, String> map = new LinkedHashMap<>();
            for (int i = 0; i < m.keys().size(); i++) map.put(text(m.keys().get(i)), text(m.values().get(i)));
            CompactionStrategy.fromOptions(map);
            p = p.withCompaction(map);
          }
          case "compression" -> p = p.withCompression(compression(o.getValue()));
          case "caching" -> checkCaching(o.getValue());
          case "comment", "speculative_retry", "read_repair", "crc_check_chance",
              "memtable_flush_period_in_ms", "min_index_interval", "max_index_interval", "additional_write_policy",
              "cdc", "extensions" -> { }
          default -> throw new CqlException(CqlErrorClass.SyntaxError, "Unknown property '" + k + "'");
        }
      } catch (IllegalArgumentException e) {
        throw new CqlException(CqlErrorClass.ConfigurationError, e.getMessage());
      }
    }
    return p;
  }

  private static final Set<String> COMPRESSORS = Set.of("LZ4Compressor", "SnappyCompressor", "DeflateCompressor",
      "ZstdCompressor", "NoopCompressor");

  /**
   * The compression map as Cassandra keeps it: {'enabled': 'false'} as written, else the class by its full name and
   * chunk_length_in_kb (16 by default). ringsim does not compress, but refuses what Cassandra would refuse and shows
   * what Cassandra would show.
   */
  private static Map<String, String> compression(Term value) {
    // {} reads as an empty set literal; Cassandra takes it as an empty map: compression disabled.
    if (value instanceof Term.SetLiteral e && e.elements().isEmpty()) return Map.of("enabled", "false");
    if (!(value instanceof Term.MapLiteral m)) throw invalid("compression must be a map");
    Map<String, String> in = new LinkedHashMap<>();
    for (int i = 0; i < m.keys().size(); i++) in.put(text(m.keys().get(i)), text(m.values().get(i)));
    if ("false".equalsIgnoreCase(in.get("enabled"))) return Map.of("enabled", "false");
    String cls = in.getOrDefault("class", in.getOrDefault("sstable_compression", "LZ4Compressor"));
    String simple = cls.startsWith("org.apache.cassandra.io.compress.")
        ? cls.substring("org.apache.cassandra.io.compress.".length()) : cls;
    if (!COMPRESSORS.contains(simple)) throw new IllegalArgumentException("Could not create Compression for type "
        + (cls.contains(".") ? cls : "org.apache.cassandra.io.compress." + cls));
    Map<String, String> out = new java.util.TreeMap<>(in);
    out.remove("sstable_compression");
    out.remove("enabled");
    out.put("class", "org.apache.cassandra.io.compress." + simple);
    out.putIfAbsent("chunk_length_in_kb", "16");
    return out;
  }

  private static void checkCaching(Term value) {
    if (!(value instanceof Term.MapLiteral m)) return;
    for (int i = 0; i < m.keys().size(); i++) {
      if (!text(m.keys().get(i)).equals("keys")) continue;
      String v = text(m.values().get(i));
      if (!v.equalsIgnoreCase("ALL") && !v.equalsIgnoreCase("NONE")) throw new IllegalArgumentException("Invalid value '"
          + v + "' for caching sub-option 'keys': only 'ALL' and 'NONE' are allowed");
    }
  }
}
