package io.ringsim.sim;

import io.ringsim.report.ClientRetries;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which of the served clients' requests look like a driver's retry of an earlier failed request. The coordinators
 * count every try: a driver whose retry policy answered an Unavailable by trying the next host shows two replies,
 * one failed, where the application saw one request succeed. A request is recognised as a retry when the same client
 * address sent the same request (statement and bound values: {@link Request#request}) no more than
 * {@link #WINDOW_MICROS} after an identical request's failure came back; each failure is followed by at most one
 * recognised retry.
 */
public final class DriverRetries {
  private DriverRetries() {}

  /** {@link ClientRetries#WINDOW_MILLIS}, in the history's microseconds. */
  public static final long WINDOW_MICROS = ClientRetries.WINDOW_MILLIS * 1000;

  /**
   * One request as its coordinator answered it. {@code address}: the client's IP address; {@code request}: the
   * request's identity (null: unknown, never a retry); times in simulated microseconds.
   */
  public record Request(long id, String address, String request, String consistency, long invokeMicros,
      long completeMicros, boolean failed) {}

  /** Per consistency level (in name order): the replies, the failed ones, and the retries recognised. */
  public static List<ClientRetries> count(List<Request> requests) {
    Map<String, long[]> byLevel = new TreeMap<>();
    for (Request r : requests) {
      long[] x = byLevel.computeIfAbsent(r.consistency(), k -> new long[4]);
      x[0]++;
      if (r.failed()) x[1]++;
    }
    Map<Long, Request> byId = new HashMap<>();
    for (Request r : requests) byId.put(r.id(), r);
    retried(requests).forEach((retry, failure) -> {
      byLevel.get(byId.get(retry).consistency())[2]++;
      byLevel.get(byId.get(failure).consistency())[3]++;
    });
    List<ClientRetries> out = new ArrayList<>();
    byLevel.forEach((level, x) -> out.add(new ClientRetries(level, x[0], x[1], x[2], x[3])));
    return out;
  }

  /**
   * Every request recognised as a retry, by id, with the id of the failed request it retried (what history.jsonl's
   * {@code retryOf} says), in the order they were sent.
   */
  public static Map<Long, Long> retried(List<Request> requests) {
    List<Request> ordered = new ArrayList<>(requests);
    ordered.sort(Comparator.comparingLong(Request::invokeMicros).thenComparingLong(Request::id));
    Map<Long, Long> out = new LinkedHashMap<>();
    Map<List<String>, Deque<Request>> failures = new HashMap<>();
    for (Request r : ordered) {
      if (r.request() == null) continue;
      List<String> key = List.of(r.address(), r.request());
      Deque<Request> earlier = failures.computeIfAbsent(key, k -> new ArrayDeque<>());
      Request retried = retried(earlier, r);
      if (retried != null) out.put(r.id(), retried.id());
      if (r.failed()) earlier.addLast(r);
    }
    return out;
  }

  /** The latest earlier failure {@code r} retries, taken off the list; null when none is within the window. */
  private static Request retried(Deque<Request> earlier, Request r) {
    Request best = null;
    for (Iterator<Request> it = earlier.iterator(); it.hasNext(); ) {
      Request f = it.next();
      long gap = r.invokeMicros() - f.completeMicros();
      if (gap > WINDOW_MICROS) {
        it.remove(); // too old for this request and every later one
      } else if (gap >= 0) {
        best = f;
      }
    }
    if (best != null) earlier.remove(best);
    return best;
  }
}
