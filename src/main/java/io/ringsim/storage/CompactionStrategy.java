package io.ringsim.storage;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Chooses what to compact next. Built from the table's CQL compaction map. */
public interface CompactionStrategy {
  Optional<CompactionTask> next(List<SSTable> sstables);

  /** Level given to a freshly flushed SSTable. */
  default int flushLevel() {
    return 0;
  }

  String name();

  /** Options every strategy takes (CompactionParams and AbstractCompactionStrategy). */
  java.util.Set<String> COMMON_OPTIONS = java.util.Set.of("class", "enabled", "min_threshold", "max_threshold",
      "provide_overlapping_tombstones", "tombstone_threshold", "tombstone_compaction_interval",
      "unchecked_tombstone_compaction", "log_all", "only_purge_repaired_tombstones");
  /** Size-tiered's own options, which leveled compaction also takes for its level 0. */
  java.util.Set<String> SIZE_TIERED_OPTIONS = java.util.Set.of("min_sstable_size", "bucket_low", "bucket_high");
  java.util.Set<String> LEVELED_OPTIONS = java.util.Set.of("sstable_size_in_mb", "fanout_size",
      "single_sstable_uplevel");

  static CompactionStrategy fromOptions(Map<String, String> options) {
    String cls = options.getOrDefault("class", "SizeTieredCompactionStrategy");
    String simple = cls.substring(cls.lastIndexOf('.') + 1);
    java.util.List<String> unknown = new java.util.ArrayList<>();
    for (String k : options.keySet()) {
      boolean known = COMMON_OPTIONS.contains(k) || SIZE_TIERED_OPTIONS.contains(k)
          || simple.equals("LeveledCompactionStrategy") && LEVELED_OPTIONS.contains(k)
          || simple.equals("TimeWindowCompactionStrategy") && TimeWindowStrategy.OPTIONS.contains(k);
      if (!known) unknown.add(k);
    }
    // Time-window checks its own options' values before it names the ones it does not know.
    TimeWindowStrategy timeWindow = simple.equals("TimeWindowCompactionStrategy")
        ? TimeWindowStrategy.fromOptions(options) : null;
    if (!unknown.isEmpty() && (simple.equals("SizeTieredCompactionStrategy")
        || simple.equals("LeveledCompactionStrategy") || timeWindow != null))
      throw new IllegalArgumentException("Properties specified " + unknown + " are not understood by " + simple);
    return switch (simple) {
      case "SizeTieredCompactionStrategy" -> SizeTieredStrategy.fromOptions(options);
      case "LeveledCompactionStrategy" -> LeveledStrategy.fromOptions(options);
      case "TimeWindowCompactionStrategy" -> timeWindow;
      default -> throw new IllegalArgumentException("Unable to find compaction strategy class '"
          + (cls.contains(".") ? cls : "org.apache.cassandra.db.compaction." + cls) + "'");
    };
  }

  static int intOption(Map<String, String> o, String key, int def) {
    String v = o.get(key);
    if (v == null) return def;
    try {
      return Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be an integer, got '" + v + "'");
    }
  }

  static double doubleOption(Map<String, String> o, String key, double def) {
    String v = o.get(key);
    if (v == null) return def;
    try {
      return Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be a number, got '" + v + "'");
    }
  }
}
