package io.ringsim.ring;

/**
 * MurmurHash3 x64 128-bit, first half only, exactly as Apache Cassandra computes it. Cassandra's port reads the tail
 * bytes (the last len % 16) as signed Java bytes, so a tail byte >= 0x80 is sign-extended before shifting; this is
 * what makes it differ from the reference implementation (and from Guava's murmur3_128). Kept bit for bit.
 */
public final class CassandraMurmur3 {
  private static final long C1 = 0x87c37b91114253d5L;
  private static final long C2 = 0x4cf5ad432745937fL;

  private CassandraMurmur3() {}

  /** h1 of hash3_x64_128(key, offset, length, seed 0). */
  public static long h1(byte[] key, int offset, int length) {
    final int nblocks = length >> 4;
    long h1 = 0;
    long h2 = 0;

    for (int i = 0; i < nblocks; i++) {
      int base = offset + (i << 4);
      long k1 = getLongLE(key, base);
      long k2 = getLongLE(key, base + 8);

      k1 *= C1;
      k1 = Long.rotateLeft(k1, 31);
      k1 *= C2;
      h1 ^= k1;
      h1 = Long.rotateLeft(h1, 27);
      h1 += h2;
      h1 = h1 * 5 + 0x52dce729;

      k2 *= C2;
      k2 = Long.rotateLeft(k2, 33);
      k2 *= C1;
      h2 ^= k2;
      h2 = Long.rotateLeft(h2, 31);
      h2 += h1;
      h2 = h2 * 5 + 0x38495ab5;
    }

    int tail = offset + (nblocks << 4);
    long k1 = 0;
    long k2 = 0;
    // Signed bytes on purpose: (long) key[i] sign-extends, as Cassandra's MurmurHash.hash3_x64_128 does.
    switch (length & 15) {
      case 15: k2 ^= ((long) key[tail + 14]) << 48;
      case 14: k2 ^= ((long) key[tail + 13]) << 40;
      case 13: k2 ^= ((long) key[tail + 12]) << 32;
      case 12: k2 ^= ((long) key[tail + 11]) << 24;
      case 11: k2 ^= ((long) key[tail + 10]) << 16;
      case 10: k2 ^= ((long) key[tail + 9]) << 8;
      case 9:
        k2 ^= key[tail + 8];
        k2 *= C2;
        k2 = Long.rotateLeft(k2, 33);
        k2 *= C1;
        h2 ^= k2;
      case 8: k1 ^= ((long) key[tail + 7]) << 56;
      case 7: k1 ^= ((long) key[tail + 6]) << 48;
      case 6: k1 ^= ((long) key[tail + 5]) << 40;
      case 5: k1 ^= ((long) key[tail + 4]) << 32;
      case 4: k1 ^= ((long) key[tail + 3]) << 24;
      case 3: k1 ^= ((long) key[tail + 2]) << 16;
      case 2: k1 ^= ((long) key[tail + 1]) << 8;
      case 1:
        k1 ^= key[tail];
        k1 *= C1;
        k1 = Long.rotateLeft(k1, 31);
        k1 *= C2;
        h1 ^= k1;
      default:
        break;
    }

    h1 ^= length;
    h2 ^= length;
    h1 += h2;
    h2 += h1;
    h1 = fmix(h1);
    h2 = fmix(h2);
    h1 += h2;
    return h1;
  }

  private static long getLongLE(byte[] b, int i) {
    return (b[i] & 0xffL)
        | (b[i + 1] & 0xffL) << 8
        | (b[i + 2] & 0xffL) << 16
        | (b[i + 3] & 0xffL) << 24
        | (b[i + 4] & 0xffL) << 32
        | (b[i + 5] & 0xffL) << 40
        | (b[i + 6] & 0xffL) << 48
        | (b[i + 7] & 0xffL) << 56;
  }

  private static long fmix(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }
}
