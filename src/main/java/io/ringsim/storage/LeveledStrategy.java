package io.ringsim.storage;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Leveled compaction: flushes land in L0; four L0 SSTables are merged with the overlapping L1 ones; level L (L &gt;=
 * 1) holds non-overlapping SSTables of about sstable_size and at most sstable_size * fanout^L bytes; an overfull
 * level pushes one SSTable (round-robin through the key space) into the next, merged with what it overlaps there.
 */
public final class LeveledStrategy implements CompactionStrategy {
  private final long sstableBytes;
  private final int fanout;
  private final DecoratedKey[] lastCompacted = new DecoratedKey[16];

  public LeveledStrategy(long sstableBytes, int fanout) {
    this.sstableBytes = sstableBytes;
    this.fanout = fanout;
  }

  public static LeveledStrategy fromOptions(Map<String, String> o) {
    double mb = CompactionStrategy.doubleOption(o, "sstable_size_in_mb", 160);
    int fanout = CompactionStrategy.intOption(o, "fanout_size", 10);
    if (mb <= 0) throw new IllegalArgumentException("sstable_size_in_mb must be larger than 0, but was "
        + o.get("sstable_size_in_mb").trim());
    if (fanout < 2) throw new IllegalArgumentException("fanout_size must be at least 2");
    return new LeveledStrategy((long) (mb * (1 << 20)), fanout);
  }

  @Override
  public String name() {
    return "LeveledCompactionStrategy";
  }

  public long sstableBytes() {
    return sstableBytes;
  }

  public long maxBytesForLevel(int level) {
    return (long) (sstableBytes * Math.pow(fanout, level));
  }

  @Override
  public Optional<CompactionTask> next(List<SSTable> sstables) {
    List<SSTable> l0 = level(sstables, 0);
    if (l0.size() >= 4) {
      List<SSTable> in = new ArrayList<>(l0);
      DecoratedKey lo = l0.stream().map(SSTable::firstKey).min(Comparator.naturalOrder()).orElseThrow();
      DecoratedKey hi = l0.stream().map(SSTable::lastKey).max(Comparator.naturalOrder()).orElseThrow();
      in.addAll(overlapping(level(sstables, 1), lo, hi));
      return Optional.of(new CompactionTask(in, 1, sstableBytes, "L0 has " + l0.size() + " SSTables"));
    }
    for (int lvl = 1; lvl < lastCompacted.length - 1; lvl++) {
      List<SSTable> here = level(sstables, lvl);
      long size = here.stream().mapToLong(SSTable::bytes).sum();
      if (size <= maxBytesForLevel(lvl)) continue;
      here.sort(Comparator.comparing(SSTable::firstKey));
      SSTable pick = here.get(0);
      DecoratedKey last = lastCompacted[lvl];
      if (last != null) {
        for (SSTable s : here) {
          if (s.firstKey().compareTo(last) > 0) {
            pick = s;
            break;
          }
        }
      }
      lastCompacted[lvl] = pick.lastKey();
      List<SSTable> in = new ArrayList<>();
      in.add(pick);
      in.addAll(overlapping(level(sstables, lvl + 1), pick.firstKey(), pick.lastKey()));
      return Optional.of(new CompactionTask(in, lvl + 1, sstableBytes,
          "L" + lvl + " holds " + size + " B, more than " + maxBytesForLevel(lvl)));
    }
    return Optional.empty();
  }

  private static List<SSTable> level(List<SSTable> all, int l) {
    List<SSTable> out = new ArrayList<>();
    for (SSTable s : all) if (s.level() == l) out.add(s);
    return out;
  }

  private static List<SSTable> overlapping(List<SSTable> in, DecoratedKey lo, DecoratedKey hi) {
    List<SSTable> out = new ArrayList<>();
    for (SSTable s : in) {
      if (s.lastKey().compareTo(lo) >= 0 && s.firstKey().compareTo(hi) <= 0) out.add(s);
    }
    return out;
  }
}
