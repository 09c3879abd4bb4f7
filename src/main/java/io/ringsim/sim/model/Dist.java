package io.ringsim.sim.model;

import io.ringsim.schema.ColumnDef;
import io.ringsim.sim.ValueGen;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a generator's values are, as far as partitioning cares: every draw a new value ({@link Unique}), one of a
 * known set of values with known probabilities ({@link Finite}), or a function of the simulated time
 * ({@link Timed}). A key of several columns combines its columns' distributions ({@link #combine}).
 */
sealed interface Dist {

  /** Every draw a value never drawn before (uuid, sequential, long random text). */
  record Unique() implements Dist {}

  /**
   * Values in groups of equal probability: {@code count} values each drawn with probability {@code p}. Zipf's long
   * tail is kept as groups of neighbouring ranks whose probabilities are averaged.
   */
  record Finite(List<Group> groups) implements Dist {
    public long distinct() {
      long n = 0;
      for (Group g : groups) n += g.count();
      return n;
    }

    public double maxP() {
      double m = 0;
      for (Group g : groups) m = Math.max(m, g.p());
      return m;
    }
  }

  record Group(long count, double p) {}

  /** The simulated time truncated to {@code bucketMillis} (timebucket, now at the workload's 10 ms tick). */
  record Timed(long bucketMillis) implements Dist {}

  /** The whole key: unique, or a time bucket (0: none) with a finite distribution within each bucket. */
  record Key(boolean unique, long bucketMillis, Finite finite) {}

  /** The workload's tick: every operation of a tick sees the same simulated time. */
  long TICK_MILLIS = 10;

  /** Above this many groups, a product of finite keys is merged into fewer, coarser groups. */
  int MAX_GROUPS = 4096;

  static Dist of(ValueGen g, ColumnDef c) {
    String type = c.type().name();
    Dist d;
    if (g instanceof ValueGen.Uniform u) d = new Finite(List.of(new Group(u.count(), 1.0 / u.count())));
    else if (g instanceof ValueGen.Zipf z) d = zipf(z.count(), z.s());
    else if (g instanceof ValueGen.Hot h) d = h.count() <= 1 ? new Finite(List.of(new Group(1, 1.0)))
        : new Finite(List.of(new Group(1, h.p()), new Group(h.count() - 1, (1 - h.p()) / (h.count() - 1))));
    else if (g instanceof ValueGen.Choice ch) d = choice(ch.values());
    else if (g instanceof ValueGen.Text t) d = text(t.min(), t.max());
    else if (g instanceof ValueGen.TimeBucket b) d = new Timed(b.bucketMillis());
    else if (g instanceof ValueGen.Now) d = new Timed(TICK_MILLIS);
    else d = new Unique(); // uuid, sequential
    // A type with few values folds a generator's values onto them (booleans are even or odd numbers; a date is a day).
    long domain = switch (type) {
      case "boolean" -> 2;
      case "tinyint" -> 256;
      case "smallint" -> 65_536;
      default -> Long.MAX_VALUE;
    };
    if (d instanceof Timed t && type.equals("date")) return new Timed(Math.max(t.bucketMillis(), 86_400_000L));
    if (domain != Long.MAX_VALUE && !(d instanceof Finite f && f.distinct() <= domain))
      return new Finite(List.of(new Group(domain, 1.0 / domain)));
    return d;
  }

  private static Finite choice(List<String> values) {
    Map<String, Integer> n = new HashMap<>();
    for (String v : values) n.merge(v, 1, Integer::sum);
    Map<Integer, Long> byMultiplicity = new java.util.TreeMap<>();
    for (int m : n.values()) byMultiplicity.merge(m, 1L, Long::sum);
    List<Group> gs = new ArrayList<>();
    byMultiplicity.forEach((m, count) -> gs.add(new Group(count, (double) m / values.size())));
    return new Finite(gs);
  }

  /** text(min, max): a length drawn uniformly, then letters; a small space (short texts) is a finite set. */
  private static Dist text(int min, int max) {
    double space = 0;
    for (int len = min; len <= max; len++) space += Math.pow(26, len);
    if (space > 1e7) return new Unique();
    List<Group> gs = new ArrayList<>();
    int lengths = max - min + 1;
    for (int len = min; len <= max; len++) {
      long count = (long) Math.pow(26, len);
      gs.add(new Group(count, 1.0 / lengths / count));
    }
    return new Finite(gs);
  }

  /** Zipf over n ranks with exponent s: the first ranks one by one, the tail in bins of about 2% wide. */
  static Finite zipf(long n, double s) {
    List<Group> gs = new ArrayList<>();
    long exact = Math.min(n, 2000);
    double norm = 0;
    for (long k = 1; k <= exact; k++) norm += Math.pow(k, -s);
    List<long[]> bins = new ArrayList<>();
    List<Double> mass = new ArrayList<>();
    long lo = exact + 1;
    while (lo <= n) {
      long hi = Math.min(n, Math.max(lo, (long) (lo * 1.02)));
      double m = integral(lo - 0.5, hi + 0.5, s);
      bins.add(new long[] {lo, hi});
      mass.add(m);
      norm += m;
      lo = hi + 1;
    }
    for (long k = 1; k <= exact; k++) gs.add(new Group(1, Math.pow(k, -s) / norm));
    for (int i = 0; i < bins.size(); i++) {
      long count = bins.get(i)[1] - bins.get(i)[0] + 1;
      gs.add(new Group(count, mass.get(i) / norm / count));
    }
    return new Finite(gs);
  }

  private static double integral(double a, double b, double s) {
    if (Math.abs(s - 1) < 1e-9) return Math.log(b / a);
    return (Math.pow(b, 1 - s) - Math.pow(a, 1 - s)) / (1 - s);
  }

  /** The distribution of a key made of these columns' values, drawn independently. */
  static Key combine(List<Dist> parts) {
    boolean unique = false;
    long bucket = 0;
    List<Group> groups = List.of(new Group(1, 1.0));
    for (Dist d : parts) {
      if (d instanceof Unique) unique = true;
      else if (d instanceof Timed t) bucket = bucket == 0 ? t.bucketMillis() : Math.min(bucket, t.bucketMillis());
      else if (d instanceof Finite f) groups = product(groups, f.groups());
    }
    return new Key(unique, bucket, new Finite(groups));
  }

  private static List<Group> product(List<Group> a, List<Group> b) {
    Map<Double, Long> byP = new HashMap<>();
    for (Group x : a) for (Group y : b) byP.merge(x.p() * y.p(), x.count() * y.count(), Long::sum);
    List<Group> out = new ArrayList<>();
    byP.forEach((p, c) -> out.add(new Group(c, p)));
    out.sort((x, y) -> Double.compare(y.p(), x.p()));
    if (out.size() <= MAX_GROUPS) return out;
    // Merge neighbours (in probability order) into MAX_GROUPS groups of averaged probability.
    List<Group> merged = new ArrayList<>();
    int per = (out.size() + MAX_GROUPS - 1) / MAX_GROUPS;
    for (int i = 0; i < out.size(); i += per) {
      long c = 0;
      double m = 0;
      for (int j = i; j < Math.min(out.size(), i + per); j++) {
        c += out.get(j).count();
        m += out.get(j).count() * out.get(j).p();
      }
      merged.add(new Group(c, m / c));
    }
    return merged;
  }
}
