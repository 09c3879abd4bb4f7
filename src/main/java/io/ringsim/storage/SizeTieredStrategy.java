package io.ringsim.storage;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Size-tiered compaction as Cassandra does it: SSTables of similar size (within bucket_low..bucket_high of a
 * bucket's average, or all below min_sstable_size) form a bucket; a bucket of at least min_threshold is compacted,
 * at most max_threshold at a time, smallest first.
 */
public record SizeTieredStrategy(int minThreshold, int maxThreshold, double bucketLow, double bucketHigh,
    long minSSTableBytes) implements CompactionStrategy {

  public static SizeTieredStrategy defaults() {
    return new SizeTieredStrategy(4, 32, 0.5, 1.5, 50L << 20);
  }

  public static SizeTieredStrategy fromOptions(Map<String, String> o) {
    int min = CompactionStrategy.intOption(o, "min_threshold", 4);
    int max = CompactionStrategy.intOption(o, "max_threshold", 32);
    if (min < 2) throw new IllegalArgumentException("Min compaction threshold cannot be less than 2 (got " + min + ")");
    if (max < min) throw new IllegalArgumentException("Min compaction threshold (got " + min + ") cannot be greater "
        + "than max compaction threshold (got " + max + ")");
    double lo = CompactionStrategy.doubleOption(o, "bucket_low", 0.5);
    double hi = CompactionStrategy.doubleOption(o, "bucket_high", 1.5);
    long minSize = (long) CompactionStrategy.doubleOption(o, "min_sstable_size", 50L << 20);
    return new SizeTieredStrategy(min, max, lo, hi, minSize);
  }

  @Override
  public String name() {
    return "SizeTieredCompactionStrategy";
  }

  @Override
  public Optional<CompactionTask> next(List<SSTable> sstables) {
    List<List<SSTable>> buckets = buckets(sstables);
    for (List<SSTable> b : buckets) {
      if (b.size() >= minThreshold) {
        List<SSTable> in = b.subList(0, Math.min(maxThreshold, b.size()));
        return Optional.of(new CompactionTask(List.copyOf(in), 0, Long.MAX_VALUE,
            "size-tiered bucket of " + b.size() + " SSTables"));
      }
    }
    return Optional.empty();
  }

  /** Buckets of similar-sized SSTables, smallest sizes first (Cassandra's getBuckets). */
  public List<List<SSTable>> buckets(List<SSTable> sstables) {
    List<SSTable> sorted = new ArrayList<>(sstables);
    sorted.sort(Comparator.comparingLong(SSTable::bytes).thenComparingLong(SSTable::generation));
    List<List<SSTable>> out = new ArrayList<>();
    List<Double> averages = new ArrayList<>();
    for (SSTable s : sorted) {
      boolean placed = false;
      for (int i = 0; i < out.size(); i++) {
        double avg = averages.get(i);
        if ((s.bytes() > avg * bucketLow && s.bytes() < avg * bucketHigh)
            || (s.bytes() < minSSTableBytes && avg < minSSTableBytes)) {
          List<SSTable> b = out.get(i);
          averages.set(i, (avg * b.size() + s.bytes()) / (b.size() + 1));
          b.add(s);
          placed = true;
          break;
        }
      }
      if (!placed) {
        List<SSTable> b = new ArrayList<>();
        b.add(s);
        out.add(b);
        averages.add((double) s.bytes());
      }
    }
    return out;
  }
}
