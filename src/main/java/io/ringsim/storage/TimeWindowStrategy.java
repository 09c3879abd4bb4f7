package io.ringsim.storage;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Time-window compaction as Cassandra 4.1 does it: each SSTable belongs to the window its newest write falls in; the
 * newest window is compacted size-tiered (once it holds min_threshold SSTables), every older window into one SSTable
 * (once it holds two), the newest such window first. "Now" is the newest window holding data, as in Cassandra, so
 * no clock is read. Expired-SSTable dropping (expired_sstable_check_frequency_seconds) is not simulated.
 */
public record TimeWindowStrategy(TimeUnit windowUnit, int windowSize, TimeUnit timestampResolution,
    SizeTieredStrategy sizeTiered) implements CompactionStrategy {

  /** TimeWindowCompactionStrategyOptions' own keys; size-tiered's and the common ones are taken too. */
  public static final Set<String> OPTIONS = Set.of("compaction_window_unit", "compaction_window_size",
      "timestamp_resolution", "expired_sstable_check_frequency_seconds", "unsafe_aggressive_sstable_expiration");
  private static final Set<TimeUnit> WINDOW_UNITS = Set.of(TimeUnit.MINUTES, TimeUnit.HOURS, TimeUnit.DAYS);
  private static final Set<TimeUnit> RESOLUTIONS = Set.of(TimeUnit.SECONDS, TimeUnit.MILLISECONDS,
      TimeUnit.MICROSECONDS, TimeUnit.NANOSECONDS);

  /** Cassandra's checks, in its order and words (TimeWindowCompactionStrategyOptions.validateOptions). */
  public static TimeWindowStrategy fromOptions(Map<String, String> o) {
    TimeUnit resolution = unit(o.get("timestamp_resolution"), "timestamp_resolution", RESOLUTIONS,
        TimeUnit.MICROSECONDS);
    TimeUnit windowUnit = unit(o.get("compaction_window_unit"), "compaction_window_unit", WINDOW_UNITS,
        TimeUnit.DAYS);
    String v = o.get("compaction_window_size");
    int size;
    try {
      size = v == null ? 1 : Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(v + " is not a parsable int (base10) for compaction_window_size");
    }
    if (size < 1) throw new IllegalArgumentException(size + " must be greater than 1 for compaction_window_size");
    v = o.get("expired_sstable_check_frequency_seconds");
    long frequency;
    try {
      frequency = v == null ? 600 : Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(v + " is not a parsable int (base10) for "
          + "expired_sstable_check_frequency_seconds");
    }
    if (frequency < 0) throw new IllegalArgumentException("expired_sstable_check_frequency_seconds must not be "
        + "negative, but was " + frequency);
    v = o.get("unsafe_aggressive_sstable_expiration");
    if (v != null) {
      if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false"))
        throw new IllegalArgumentException("unsafe_aggressive_sstable_expiration is not 'true' or 'false' (" + v + ")");
      // Cassandra allows it only when started with the system property, which a node here never is.
      if (v.equalsIgnoreCase("true"))
        throw new IllegalArgumentException("unsafe_aggressive_sstable_expiration is requested but not allowed, "
            + "restart cassandra with -Dcassandra.allow_unsafe_aggressive_sstable_expiration=true to allow it");
    }
    return new TimeWindowStrategy(windowUnit, size, resolution, SizeTieredStrategy.fromOptions(o));
  }

  private static TimeUnit unit(String v, String key, Set<TimeUnit> valid, TimeUnit def) {
    if (v == null) return def;
    try {
      TimeUnit u = TimeUnit.valueOf(v);
      if (valid.contains(u)) return u;
    } catch (IllegalArgumentException e) {
      // not a TimeUnit's name (case matters, as in Cassandra)
    }
    throw new IllegalArgumentException(v + " is not valid for " + key);
  }

  @Override
  public String name() {
    return "TimeWindowCompactionStrategy";
  }

  /** The start, in seconds, of the window holding a write made at {@code timestamp} (in timestamp_resolution). */
  long windowStart(long timestamp) {
    long seconds = TimeUnit.MILLISECONDS.toSeconds(timestampResolution.toMillis(timestamp));
    long width = windowUnit.toSeconds(windowSize);
    return Math.floorDiv(seconds, width) * width;
  }

  @Override
  public Optional<CompactionTask> next(List<SSTable> sstables) {
    if (sstables.isEmpty()) return Optional.empty();
    TreeMap<Long, List<SSTable>> windows = new TreeMap<>(Comparator.reverseOrder());
    for (SSTable s : sstables) windows.computeIfAbsent(windowStart(s.maxTimestamp()), k -> new ArrayList<>()).add(s);
    long now = windows.firstKey();
    for (Map.Entry<Long, List<SSTable>> w : windows.entrySet()) {
      List<SSTable> in = w.getValue();
      if (w.getKey() >= now) {
        if (in.size() >= sizeTiered.minThreshold()) {
          Optional<CompactionTask> t = sizeTiered.next(in);
          if (t.isPresent()) return Optional.of(new CompactionTask(t.get().inputs(), 0, Long.MAX_VALUE,
              "newest time window, " + t.get().reason()));
        }
      } else if (in.size() >= 2) {
        List<SSTable> sorted = new ArrayList<>(in);
        sorted.sort(Comparator.comparingLong(SSTable::bytes).thenComparingLong(SSTable::generation));
        return Optional.of(new CompactionTask(List.copyOf(sorted.subList(0, Math.min(sizeTiered.maxThreshold(),
            sorted.size()))), 0, Long.MAX_VALUE, "time window of " + in.size() + " SSTables"));
      }
    }
    return Optional.empty();
  }
}
