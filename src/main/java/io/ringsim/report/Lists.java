package io.ringsim.report;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** Null-tolerant immutable copies, so records built by hand or read from JSON compare equal. */
final class Lists {
  private Lists() {}

  static <T> List<T> copy(List<T> l) {
    return l == null ? List.of() : List.copyOf(l);
  }

  /** A sorted copy: map keys always come out in the same order, whatever map the caller built. */
  static <V> SortedMap<String, V> sorted(Map<String, V> m) {
    return m == null ? Collections.emptySortedMap() : Collections.unmodifiableSortedMap(new TreeMap<>(m));
  }

  static String text(String s) {
    return s == null ? "" : s;
  }
}
