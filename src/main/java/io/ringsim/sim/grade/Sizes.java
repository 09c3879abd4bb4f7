package io.ringsim.sim.grade;

import static io.ringsim.sim.Say.EN;

/** Sizes and ratios as the grader prints them. */
final class Sizes {
  private Sizes() {}

  /** 18.3 MB (19,171,832 bytes); below 1 KB just the bytes. MB = 2^20 bytes, as Cassandra's thresholds count. */
  static String bytes(long b) {
    if (b < 1024) return EN.f("say.grade.bytes.small", String.format("%,d", b));
    return EN.f("say.grade.bytes", unit(b), String.format("%,d", b));
  }

  /** 18.3 MB: {@link #bytes} without the bytes in parentheses, for 1 KB and more. */
  static String unit(long b) {
    String unit = b >= 1L << 30 ? "GB" : b >= 1L << 20 ? "MB" : "KB";
    double d = b / (double) (b >= 1L << 30 ? 1L << 30 : b >= 1L << 20 ? 1L << 20 : 1L << 10);
    return String.format("%.1f %s", d, unit);
  }

  /** A limit as written: 10 MB, 512 KB, 100 bytes. */
  static String limit(long b) {
    if (b >= 1L << 30 && b % (1L << 30) == 0) return (b >> 30) + " GB";
    if (b >= 1L << 20 && b % (1L << 20) == 0) return (b >> 20) + " MB";
    if (b >= 1L << 10 && b % (1L << 10) == 0) return (b >> 10) + " KB";
    return String.format("%,d bytes", b);
  }

  static String rows(long n) {
    return EN.f(n == 1 ? "say.grade.row" : "say.grade.rows", String.format("%,d", n));
  }

  static String times(long v, long limit) {
    return EN.f("say.grade.times", String.format("%.1f", (double) v / limit));
  }
}
