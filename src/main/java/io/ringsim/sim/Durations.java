package io.ringsim.sim;

/** Simulated durations as scenario files and progress lines write them: 500ms, 30s, 2m30s, 1h. */
public final class Durations {
  private Durations() {}

  public static String format(long millis) {
    if (millis < 1000) return millis + "ms";
    long s = millis / 1000;
    long ms = millis % 1000;
    StringBuilder sb = new StringBuilder();
    if (s >= 3600) sb.append(s / 3600).append('h');
    if (s % 3600 >= 60) sb.append(s % 3600 / 60).append('m');
    if (s % 60 > 0 || sb.length() == 0) sb.append(s % 60).append('s');
    if (ms > 0 && s < 60) sb.append(ms).append("ms");
    return sb.toString();
  }
}
