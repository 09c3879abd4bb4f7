package io.ringsim.cli.live;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The live view's running figures: operations and failures per simulated second per series ("QUORUM write"), the
 * most recent failures, and a log of what was clicked and what happened. Fed from the simulation thread (workload
 * operations) and from connection threads (clients' operations); read by the HTTP thread. Every method holds the
 * lock only to copy a few small structures.
 */
final class LiveFigures {
  /** Seconds of history the chart shows. */
  static final int WINDOW_SECONDS = 60;
  static final int RECENT_FAILURES = 15;
  /** The whole run's log for any run a person watches (a line per fault or click); a flood keeps the newest. */
  static final int LOG_LINES = 1000;

  /** One failed operation, as the page lists it. */
  record Failure(long atMillis, String series, String error, String key, String coordinator) {}

  /** One line of the log: a clicked command and what the console answered, or a note. */
  record LogLine(long atMillis, String text) {}

  /** second -> series -> {ok, failed}. */
  private final TreeMap<Long, TreeMap<String, long[]>> perSecond = new TreeMap<>();
  private final TreeSet<String> series = new TreeSet<>();
  private final ArrayDeque<Failure> failures = new ArrayDeque<>();
  private final ArrayDeque<LogLine> log = new ArrayDeque<>();

  synchronized void operation(long completeMicros, String series, boolean ok, String error, String key,
      String coordinator) {
    long second = completeMicros / 1_000_000L;
    this.series.add(series);
    long[] counts = perSecond.computeIfAbsent(second, s -> new TreeMap<>()).computeIfAbsent(series, s -> new long[2]);
    counts[ok ? 0 : 1]++;
    while (perSecond.size() > 2 * WINDOW_SECONDS) perSecond.pollFirstEntry();
    if (!ok) {
      failures.addFirst(new Failure(completeMicros / 1000, series, error, key, coordinator));
      while (failures.size() > RECENT_FAILURES) failures.removeLast();
    }
  }

  synchronized void log(long atMillis, String text) {
    log.addFirst(new LogLine(atMillis, text));
    while (log.size() > LOG_LINES) log.removeLast();
  }

  /**
   * The figures for the page at simulated second {@code nowSecond}: one entry per second of the window (the
   * current, unfinished second left out), each with {ok, failed} per series.
   */
  synchronized Map<String, Object> toJson(long nowSecond) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("series", List.copyOf(series));
    List<Map<String, Object>> seconds = new ArrayList<>();
    for (long s = Math.max(0, nowSecond - WINDOW_SECONDS); s < nowSecond; s++) {
      Map<String, long[]> at = perSecond.getOrDefault(s, new TreeMap<>());
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("second", s);
      Map<String, long[]> counts = new TreeMap<>();
      for (Map.Entry<String, long[]> e : at.entrySet()) counts.put(e.getKey(), e.getValue().clone());
      row.put("counts", counts);
      seconds.add(row);
    }
    out.put("seconds", seconds);
    out.put("recentFailures", List.copyOf(failures));
    out.put("log", List.copyOf(log));
    return out;
  }
}
