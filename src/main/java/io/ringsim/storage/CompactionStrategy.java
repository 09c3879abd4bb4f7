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

  static CompactionStrategy fromOptions(Map<String, String> options) {
    String cls = options.getOrDefault("class", "SizeTieredCompactionStrategy");
    String simple = cls.substring(cls.lastIndexOf('.') + 1);
    return switch (simple) {
      case "SizeTieredCompactionStrategy" -> SizeTieredStrategy.fromOptions(options);
      case "LeveledCompactionStrategy" -> LeveledStrategy.fromOptions(options);
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
