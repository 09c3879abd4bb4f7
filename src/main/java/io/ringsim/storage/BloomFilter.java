package io.ringsim.storage;

import io.ringsim.ring.CassandraMurmur3;
import io.ringsim.ring.LongToken;

/**
 * A bloom filter on partition keys, sized as Cassandra sizes its filters: bits and hash count chosen for the target
 * false-positive chance. Keys are hashed once with Murmur3 and the k probes come from double hashing.
 */
public final class BloomFilter {
  private final long[] bits;
  private final int hashes;
  private final long bitCount;

  private BloomFilter(long bitCount, int hashes) {
    this.bitCount = Math.max(64, bitCount);
    this.bits = new long[(int) ((this.bitCount + 63) / 64)];
    this.hashes = hashes;
  }

  /** A filter for {@code keys} elements at false-positive chance {@code fpChance} (0 &lt; p &lt;= 1). */
  public static BloomFilter create(long keys, double fpChance) {
    if (fpChance >= 1.0) return new BloomFilter(64, 0);
    long n = Math.max(1, keys);
    double m = -n * Math.log(fpChance) / (Math.log(2) * Math.log(2));
    int k = Math.max(1, (int) Math.round(m / n * Math.log(2)));
    return new BloomFilter((long) Math.ceil(m), Math.min(k, 20));
  }

  public void add(byte[] key) {
    add(key, 0, key.length);
  }

  /** Adds the key held in {@code buf[offset, offset + length)}. */
  public void add(byte[] buf, int offset, int length) {
    addHash(CassandraMurmur3.h1(buf, offset, length));
  }

  public boolean mightContain(byte[] key) {
    if (hashes == 0) return true;
    return mightContainHash(hash(key));
  }

  /** The hash {@link #mightContainHash} takes: the same for every filter, so a read over many SSTables hashes once. */
  public static long hash(byte[] key) {
    return CassandraMurmur3.h1(key, 0, key.length);
  }

  /**
   * {@link #hash} of {@code key}'s bytes, taken from its Murmur3 token when it has one: that token is the same h1
   * (Cassandra only moves an h1 of Long.MIN_VALUE to Long.MAX_VALUE, and gives an empty key Long.MIN_VALUE, so those
   * two are hashed), and a flush or compaction already holds it, where hashing every key again was about 3% of a
   * long write-only run.
   */
  public static long hash(DecoratedKey key) {
    return key.token() instanceof LongToken t && tokenIsHash(t.value()) ? t.value() : hash(key.key());
  }

  /** Whether a key whose Murmur3 token is {@code token} has that token as its {@link #hash}. */
  static boolean tokenIsHash(long token) {
    return token != Long.MAX_VALUE && token != Long.MIN_VALUE;
  }

  /** Adds a key by its {@link #hash}. */
  void addHash(long h1) {
    long h2 = mix(h1) | 1;
    for (int i = 0; i < hashes; i++) {
      long bit = Math.floorMod(h1 + i * h2, bitCount);
      bits[(int) (bit >>> 6)] |= 1L << bit;
    }
  }

  /** {@link #mightContain} for a key whose {@link #hash} is {@code h1}. */
  public boolean mightContainHash(long h1) {
    if (hashes == 0) return true;
    long h2 = mix(h1) | 1;
    for (int i = 0; i < hashes; i++) {
      long bit = Math.floorMod(h1 + i * h2, bitCount);
      if ((bits[(int) (bit >>> 6)] & (1L << bit)) == 0) return false;
    }
    return true;
  }

  /** Memory the filter takes, as nodetool reports "Bloom filter space used". */
  public long sizeInBytes() {
    return bits.length * 8L;
  }

  public int hashCount() {
    return hashes;
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
    z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
    return z ^ (z >>> 33);
  }
}
