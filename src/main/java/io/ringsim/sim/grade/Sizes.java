package io.ringsim.sim.grade;

/** Sizes and ratios as the grader prints them. */
final class Sizes {
  private Sizes() {}

  /** 18.3 MB (19,171,832 bytes); below 1 KB just the bytes. MB = 2^20 bytes, as Cassandra's thresholds count. */
  static String bytes(long b) {
    if (b < 1024) return String.format("%,d bytes", b);
    String unit = b >= 1L << 30 ? "GB" : b >= 1L << 20 ? "MB" : "KB";
    double d = b / (double) (b >= 1L << 30 ? 1L << 30 : b >= 1L << 20 ? 1L << 20 : 1L << 10);
    return String.format("%.1f %s (%,d bytes)", d, unit, b);
  }

  /** A limit as written: 10 MB, 512 KB, 100 bytes. */
  static String limit(long b) {
    if (b >= 1L << 30 && b % (1L << 30) == 0) return (b >> 30) + " GB";
    if (b >= 1L << 20 && b % (1L << 20) == 0) return (b >> 20) + " MB";
    if (b >= 1L << 10 && b % (1L << 10) == 0) return (b >> 10) + " KB";
    return String.format("%,d bytes", b);
  }

  static String rows(long n) {
    return String.format("%,d row%s", n, n == 1 ? "" : "s");
  }

  static String times(long v, long limit) {
    return String.format("%.1f times", (double) v / limit);
  }
}
