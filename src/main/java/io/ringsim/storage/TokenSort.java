package io.ringsim.storage;

import java.util.Arrays;

/**
 * Sorts a flush's Murmur3 tokens as primitives, each carrying its memtable slot along: the token order an SSTable is
 * written in, without a comparison ever reaching a partition.
 */
final class TokenSort {
  private TokenSort() {}

  /** Sorts {@code tokens[0, n)} as signed longs, stably, and {@code slots} alongside. */
  static void sort(long[] tokens, int[] slots, int n) {
    if (n < RADIX_MIN) mergeSort(tokens, slots, tokens.clone(), slots.clone(), 0, n);
    else radixSort(tokens, slots, n);
  }

  /** Below this many partitions a flush's merge sort is as quick as the radix sort's fixed passes. */
  private static final int RADIX_MIN = 2048;
  private static final int RADIX_BITS = 11;

  /**
   * Sorts {@code t[0, n)} as signed longs (and {@code p} alongside), stably: a least-significant-digit radix sort,
   * six passes of 11 bits. A memtable's tokens are tens of thousands of random longs, on which the merge sort's
   * comparisons went either way at random: its mispredicted branches were about 3% of a simulated write (flushes
   * run on the write path). Equal tokens come out in the order they went in, as the merge sort left them (and they
   * are put in key order afterwards anyway).
   */
  private static void radixSort(long[] t, int[] p, int n) {
    long[] src = t, dst = new long[n];
    int[] srcP = p, dstP = new int[n];
    int[] count = new int[1 << RADIX_BITS];
    for (int shift = 0; shift < 64; shift += RADIX_BITS) {
      Arrays.fill(count, 0);
      for (int i = 0; i < n; i++) count[digit(src[i], shift)]++;
      for (int d = 0, at = 0; d < count.length; d++) {
        int c = count[d];
        count[d] = at;
        at += c;
      }
      for (int i = 0; i < n; i++) {
        int at = count[digit(src[i], shift)]++;
        dst[at] = src[i];
        dstP[at] = srcP[i];
      }
      long[] tt = src;
      src = dst;
      dst = tt;
      int[] pp = srcP;
      srcP = dstP;
      dstP = pp;
    }
    // Six passes: the sorted keys are back in t and p.
  }

  /** The digit of {@code v} at {@code shift}, with the sign bit flipped so that signed order is unsigned order. */
  private static int digit(long v, int shift) {
    return (int) (((v ^ Long.MIN_VALUE) >>> shift) & ((1 << RADIX_BITS) - 1));
  }

  /** Sorts {@code t[from, to)} (and {@code p} alongside) using {@code ts}/{@code ps}, copies of them, as scratch. */
  private static void mergeSort(long[] t, int[] p, long[] ts, int[] ps, int from, int to) {
    if (to - from < 24) {
      for (int i = from + 1; i < to; i++) {
        long k = t[i];
        int v = p[i];
        int j = i - 1;
        for (; j >= from && t[j] > k; j--) {
          t[j + 1] = t[j];
          p[j + 1] = p[j];
        }
        t[j + 1] = k;
        p[j + 1] = v;
      }
      return;
    }
    int mid = (from + to) >>> 1;
    // Sort each half of the scratch copy, then merge them back into t/p.
    mergeSort(ts, ps, t, p, from, mid);
    mergeSort(ts, ps, t, p, mid, to);
    for (int i = from, a = from, b = mid; i < to; i++) {
      if (b >= to || (a < mid && ts[a] <= ts[b])) {
        t[i] = ts[a];
        p[i] = ps[a++];
      } else {
        t[i] = ts[b];
        p[i] = ps[b++];
      }
    }
  }
}
