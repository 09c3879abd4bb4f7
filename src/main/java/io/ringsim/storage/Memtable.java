package io.ringsim.storage;

import io.ringsim.ring.LongToken;
import io.ringsim.ring.Murmur3Partitioner;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * The in-memory, mutable write buffer of one table. Lost on a crash; rebuilt from the commit log.
 *
 * <p>Partitions are found by hashing their key, and put in token order only when something needs that order (a
 * flush, a merge over the SSTables). A sorted tree would order them on every write instead: with tens of thousands
 * of partitions per memtable, the walk down it (a cold tree node and key at every level) was the largest single cost
 * of a replica's write (about 29% of the simulation thread in ClusterWriteBench's QUORUM writes, async-profiler).
 * Reads of a key never needed the order, and range scans filter every held key by token anyway.
 *
 * <p>The table is open addressing over two arrays: each slot's hash (a Murmur3 token's value itself, else the key
 * bytes' hash; a short key is held as itself instead) beside its partition, so a probe compares longs and reaches a
 * partition's key only on a match of a longer key, and a
 * write allocates nothing for the table (a {@code HashMap} allocated an entry per partition, and rehashed them all
 * each time it doubled on its way to tens of thousands: together 10% of the ten-million scenario's simulation
 * thread). A Murmur3 memtable sorts its tokens as primitives for a flush.
 *
 * <p>A partition of at most one row is held as bytes in a {@link MemtableArena} (as an SSTable would hold it), not as
 * objects: a write-heavy run's memtables were most of what each young collection had to copy, and a flush walked
 * about a dozen cold objects per partition to encode them (see docs/performance.md). Such a partition is decoded
 * when read or updated; a partition that grows a second row stays objects from then on.
 */
public final class Memtable {
  /**
   * Per slot, three longs side by side: its key's hash, or the key itself packed into a long ({@link #PACKED}) (0:
   * empty); the handle of its partition's bytes in {@link #arena} (0: none) with the flags below; and the newest
   * timestamp of the bytes held ({@link #SHADOWABLE}). A probe that finds its hash finds the rest in the same cache
   * line (a probe of a memtable of tens of thousands of partitions misses the cache at every array it touches), and
   * so can tell a short key and decide whether an update shadows the bytes held without reaching them (the arena,
   * another miss, was about 6% of a simulated write).
   */
  private long[] table;
  /**
   * In a slot's second long: its first is the key packed (a key of at most 7 bytes whose Murmur3 token is the one it
   * came with), compared there and not in the arena; its token is worked out again from it when needed.
   */
  private static final long PACKED = 1L << 63;
  /**
   * In a slot's second long: the bytes held are one plain row at most, no static row (what {@link #shadowsEverything}
   * asks of them), and the slot's third long is their newest timestamp.
   */
  private static final long SHADOWABLE = 1L << 62;
  private static final long HANDLE = SHADOWABLE - 1;
  private static final int W = 3;
  /**
   * Per slot: the partition as objects, or null (an empty slot, or one held as bytes in {@link #arena}). A slot is
   * one or the other, never both; code asks for the handle first, as most partitions are small.
   */
  private Partition[] slots;
  private final MemtableArena arena = new MemtableArena();
  private ClusteringComparator comparator;
  private int size;
  private int shift; // 64 - log2(slots.length)
  private boolean murmur3 = true; // every key held has a LongToken
  /** The partitions in token order, kept until a write changes the set or a partition held as bytes. */
  private List<Partition> sorted;
  private long liveBytes;
  private long operations;

  public Memtable() {
    this(0);
  }

  /** @param expected partitions it will probably hold (the last memtable's count): sized once instead of doubling */
  public Memtable(int expected) {
    // Sized so that the expected partitions fill at most three quarters of it (see apply).
    int capacity = Integer.highestOneBit((int) Math.max(16, Math.min(1 << 29, expected * 4L / 3 + 1)) - 1) << 1;
    table = new long[W * capacity];
    slots = new Partition[capacity];
    shift = 64 - Integer.numberOfTrailingZeros(capacity);
  }

  public void apply(Partition update) {
    apply(update, null);
  }

  /**
   * Like {@link #apply(Partition)}, with {@code regularColumns} the table's regular columns now (null: unknown),
   * which lets an update that shadows the partition held as bytes replace it without decoding and merging it (see
   * {@link #shadowsEverything}).
   */
  public void apply(Partition update, Set<String> regularColumns) {
    DecoratedKey key = update.key();
    long h = hash(key);
    long packed = packed(key.key());
    int i = find(key, h, packed);
    if (comparator == null) comparator = update.comparator();
    long held = table[W * i + 1] & HANDLE;
    // An empty slot is told by its hash, in the cache line the probe just read: slots[i] is another line, a miss.
    Partition p = held != 0 || table[W * i] == 0 ? null : slots[i];
    if (p == null && held == 0) {
      if (packed != 0 && key.token() instanceof LongToken t
          && Murmur3Partitioner.tokenValue(key.key()) == t.value()) {
        table[W * i] = packed;
        table[W * i + 1] = PACKED;
      } else {
        table[W * i] = h;
      }
      murmur3 &= key.token() instanceof LongToken;
      hold(i, key, update, true);
      // Three quarters full at most: at half, a memtable's table was twice the size for probes about one slot
      // shorter, and its extra cache misses cost more than the probes saved (3-6% of a simulated write, A/B).
      if (++size * 4 > slots.length * 3) grow();
    } else if (p != null) {
      p.apply(update);
    } else if (regularColumns != null && shadowsEverything(update, regularColumns, i)) {
      hold(i, key, update, true); // what merging would give is the update itself
    } else {
      p = arena.decode(held, key, comparator);
      p.apply(update);
      hold(i, key, p, false);
    }
    liveBytes += update.dataSize();
    operations++;
  }

  /**
   * Puts {@code p} in slot {@code i}: as bytes when it is small and the arena has room, else as objects ({@code
   * shared}: a copy, as in simulation one mutation object reaches several replicas).
   */
  private void hold(int i, DecoratedKey key, Partition p, boolean shared) {
    long handle = encodable(key, p) && arenaHasRoom() ? arena.store(p) : 0;
    long flags = table[W * i + 1] & PACKED;
    // As the bytes' header would say it (see SSTableFormat.encode): plain, no static row (held as bytes, it has at
    // most one row).
    if (handle != 0 && p.staticRow() == null && Purger.isPlainLive(p)) {
      flags |= SHADOWABLE;
      table[W * i + 2] = p.maxTimestamp();
    }
    table[W * i + 1] = flags | handle;
    slots[i] = handle != 0 ? null : shared ? p.copy() : p;
    sorted = null;
  }

  /**
   * Whether {@code update} shadows everything the partition held as bytes in slot {@code i} has, so that merging
   * them gives the update: an INSERT's row (a marker, no TTL, no deletion, no collection) with a plain cell for every
   * one of the table's {@code regularColumns}, written after everything held, which is plain too (no deletion,
   * tombstone, TTL or collection) and names only columns the table has now. Its marker and each of its cells then win
   * every reconciliation, and nothing held is left over. A workload overwriting its rows applies most of its writes
   * this way, without decoding the partition held and merging into it (about 3.5% of a simulated write's time).
   */
  private boolean shadowsEverything(Partition update, Set<String> regularColumns, int i) {
    if (!update.deletion().isLive() || !update.rangeTombstones().isEmpty() || update.staticRow() != null
        || update.rowCount() != 1) return false;
    Row r = update.rows().firstEntry().getValue();
    LivenessInfo marker = r.liveness();
    if (r.clustering().size() != 0 || !r.deletion().isLive() || !r.complex().isEmpty() || marker.isEmpty()
        || marker.ttl() != 0 || marker.localExpirationTime() != Cell.NO_DELETION_TIME
        || r.cellCount() != regularColumns.size()) return false;
    long min = marker.timestamp();
    for (int c = 0; c < r.cellCount(); c++) {
      Cell cell = r.cell(c);
      if (cell.ttl() != 0 || cell.localDeletionTime() != Cell.NO_DELETION_TIME
          || !regularColumns.contains(r.name(c))) return false;
      min = Math.min(min, cell.timestamp());
    }
    // What the held bytes' header says, kept in the slot (see hold): the arena is not reached.
    return (table[W * i + 1] & SHADOWABLE) != 0 && table[W * i + 2] < min && arena.namesOnly(regularColumns);
  }

  /**
   * Held as bytes: a partition of at most one row (plus its static row) with a Murmur3 token other than 0 (a
   * Murmur3 token is the slot's hash, so the key is all the bytes need to carry; 0 is the hash of an empty slot).
   */
  private static boolean encodable(DecoratedKey key, Partition p) {
    return p.rowCount() <= 1 && key.token() instanceof LongToken t && t.value() != 0;
  }

  /**
   * Whether another partition may be encoded into the arena. An update writes its partition's new version at the
   * arena's end and leaves the old one behind, while the flush threshold counts only the update's own size: a wide
   * row updated one cell at a time would otherwise grow the arena by its whole row per write. Past four times the
   * memtable's size (plus a megabyte), partitions stay objects.
   */
  private boolean arenaHasRoom() {
    return arena.bytes() <= 4 * liveBytes + (1 << 20);
  }

  /** Bytes of the partitions held as bytes, superseded versions included (for tests). */
  long arenaBytes() {
    return arena.bytes();
  }

  /** The partition held for {@code key} (decoded afresh when it is held as bytes), or null. */
  public Partition get(DecoratedKey key) {
    return partition(find(key, hash(key), packed(key.key())));
  }

  /**
   * The part of {@code key}'s partition inside {@code slices}, as a copy the caller may keep (null when none is held).
   * A partition held as bytes is decoded afresh, so a whole-partition read takes the decoding as it is.
   */
  public Partition read(DecoratedKey key, List<Slice> slices) {
    int i = find(key, hash(key), packed(key.key()));
    if (table[W * i] == 0) return null; // not held: told without reaching slots[i], another cache line
    long handle = table[W * i + 1] & HANDLE;
    if (handle == 0) return slots[i].slice(slices);
    Partition p = arena.decode(handle, key, comparator); // the key asked for is the one held: no copy of it to build
    for (Slice s : slices) if (s.start().isUnbounded() && s.end().isUnbounded()) return p;
    return p.slice(slices);
  }

  private Partition partition(int i) {
    long handle = table[W * i + 1] & HANDLE;
    if (handle == 0) return table[W * i] == 0 ? null : slots[i];
    return arena.decode(handle, new DecoratedKey(new LongToken(token(i)), arena.key(handle)), comparator);
  }

  /** A Murmur3 token's value, else the key bytes' hash; never 0, which marks an empty slot. */
  private static long hash(DecoratedKey key) {
    long h = key.token() instanceof LongToken t ? t.value() : Arrays.hashCode(key.key());
    return h == 0 ? 1 : h;
  }

  /**
   * A key of at most 7 bytes as one long: its length plus one in the top byte (so never 0), then its bytes; 0 for a
   * longer key.
   */
  private static long packed(byte[] key) {
    if (key.length > 7) return 0;
    long v = 0;
    for (byte b : key) v = v << 8 | (b & 0xFF);
    return (long) (key.length + 1) << 56 | v;
  }

  /**
   * The slot holding {@code key} ({@code packed}: the key as {@link #packed} gives it), or the empty slot where it
   * would go (linear probing). A probe reads only the table until a hash matches, and a packed key is compared there
   * too: only a longer key is compared with the key held (in the arena, or the partition's own).
   */
  private int find(DecoratedKey key, long h, long packed) {
    int mask = slots.length - 1;
    int i = (int) ((h * 0x9E3779B97F4A7C15L) >>> shift);
    while (true) {
      long stored = table[W * i];
      if (stored == 0) return i;
      long flags = table[W * i + 1]; // in the same cache line; slots[i] is another (null when held as bytes)
      if ((flags & PACKED) != 0) {
        if (stored == packed) return i; // the same bytes; a longer key (0) is not a packed one
      } else if (stored == h) {
        long held = flags & HANDLE;
        if (held != 0 ? arena.keyEquals(held, key.key()) : Arrays.equals(slots[i].key().key(), key.key())) return i;
      }
      i = (i + 1) & mask;
    }
  }

  /**
   * The Murmur3 token of slot {@code i}'s key, for a slot held as bytes or packed (a key held as bytes has one other
   * than 0, which is then its hash).
   */
  private long token(int i) {
    long w = table[W * i];
    return (table[W * i + 1] & PACKED) != 0 ? packedToken(w) : w;
  }

  /** The Murmur3 token of the key packed into {@code w}, unpacked into a scratch array (a flush asks for thousands). */
  private long packedToken(long w) {
    int n = (int) (w >>> 56) - 1;
    for (int j = n - 1; j >= 0; j--, w >>>= 8) keyScratch[j] = (byte) w;
    return Murmur3Partitioner.tokenValue(keyScratch, 0, n);
  }

  private final byte[] keyScratch = new byte[7];

  /** The hash of slot {@code j} of {@code t} (its key's, as {@link #hash} gives it). */
  private long hashAt(long[] t, int j) {
    long w = t[W * j];
    if ((t[W * j + 1] & PACKED) == 0) return w;
    long token = packedToken(w);
    return token == 0 ? 1 : token;
  }

  private void grow() {
    long[] oldTable = table;
    Partition[] oldSlots = slots;
    table = new long[oldTable.length * 2];
    slots = new Partition[oldSlots.length * 2];
    shift--;
    int mask = slots.length - 1;
    for (int j = 0; j < oldSlots.length; j++) {
      if (oldTable[W * j] == 0) continue;
      long h = hashAt(oldTable, j);
      int i = (int) ((h * 0x9E3779B97F4A7C15L) >>> shift);
      while (table[W * i] != 0) i = (i + 1) & mask;
      slots[i] = oldSlots[j];
      System.arraycopy(oldTable, W * j, table, W * i, W);
    }
  }

  /** The keys held, in no particular order. */
  public Collection<DecoratedKey> keys() {
    List<DecoratedKey> out = new ArrayList<>(size);
    for (int i = 0; i < slots.length; i++) {
      long handle = table[W * i + 1] & HANDLE;
      if (handle != 0) out.add(new DecoratedKey(new LongToken(token(i)), arena.key(handle)));
      else if (slots[i] != null) out.add(slots[i].key());
    }
    return out;
  }

  public int partitionCount() {
    return size;
  }

  /** The partitions in token order (then key bytes, as Cassandra orders them); those held as bytes decoded. */
  public List<Partition> sortedPartitions() {
    if (sorted == null) {
      int[] order = sortedSlots(new long[size], new long[size]);
      Partition[] all = new Partition[order.length];
      for (int k = 0; k < order.length; k++) all[k] = partition(order[k]);
      sorted = Collections.unmodifiableList(Arrays.asList(all)); // List.of would copy the array again
    }
    return sorted;
  }

  /**
   * Writes the memtable into a new SSTable, in token order: partitions held as bytes are copied byte for byte (the
   * SSTable numbers its columns and counts its timestamps from the arena's), the others encoded.
   */
  SSTable flush(long generation, int level, double bloomFpChance) {
    SSTableWriter w = new SSTableWriter(bloomFpChance, size);
    if (arena.bytes() > 0) w.adopt(arena.columnTable(), comparator, arena.baseTimestamp());
    else w.adopt(arena.columnTable(), comparator); // nothing held as bytes: the arena has no base
    long[] tokens = new long[size];
    long[] handles = new long[size];
    int[] order = sortedSlots(tokens, handles);
    for (int k = 0; k < order.length; k++) {
      long handle = handles[k];
      if (handle != 0) {
        w.copy(arena.chunk(handle), arena.offset(handle), arena.end(handle), arena.baseTimestamp(),
            murmur3 ? tokens[k] : token(order[k]));
      } else {
        w.add(slots[order[k]]);
      }
    }
    return w.finish(generation, level);
  }

  /** The key bytes held in slot {@code i}. */
  private byte[] keyAt(int i) {
    long handle = table[W * i + 1] & HANDLE;
    return handle == 0 ? slots[i].key().key() : arena.key(handle);
  }

  /**
   * The occupied slots in token order. Murmur3 tokens sort as the longs the table already holds: a sort of the tokens
   * carrying their positions along, so no comparison reaches a partition; a run of equal tokens (two keys, one token)
   * is then put in key order. Other partitioners' keys are sorted as keys. Fills {@code tokens[k]} with the k-th
   * slot's token (for Murmur3) and {@code handles[k]} with its bytes' handle (0: held as objects), so that a flush
   * reads neither from the table: in token order each slot was a cache miss (A/B, ClusterWriteBench's writes 1-3%
   * faster). Both arrays have {@link #size} entries.
   */
  private int[] sortedSlots(long[] tokens, long[] handles) {
    // By position: the slots and handles are then looked up in these arrays (small enough to stay in the cache).
    int[] slotOf = new int[size];
    long[] held = new long[size];
    int n = 0;
    for (int i = 0; i < slots.length; i++) {
      if (table[W * i] == 0) continue;
      // Hash 1 is also token 0's (0 marks an empty slot); such a partition is held as objects.
      tokens[n] = (table[W * i + 1] & PACKED) != 0 ? token(i)
          : table[W * i] == 1 && slots[i] != null && murmur3 ? ((LongToken) slots[i].key().token()).value()
          : table[W * i];
      held[n] = table[W * i + 1] & HANDLE;
      slotOf[n++] = i;
    }
    int[] order = new int[n];
    if (!murmur3) {
      Integer[] boxed = new Integer[n];
      for (int k = 0; k < n; k++) boxed[k] = k;
      Arrays.sort(boxed, (a, b) -> partition(slotOf[a]).key().compareTo(partition(slotOf[b]).key()));
      for (int k = 0; k < n; k++) order[k] = boxed[k];
    } else {
      for (int k = 0; k < n; k++) order[k] = k;
      TokenSort.sort(tokens, order, n);
      for (int start = 0, end; start < n; start = end) {
        end = start + 1;
        while (end < n && tokens[end] == tokens[start]) end++;
        if (end - start > 1) {
          Integer[] tie = new Integer[end - start];
          for (int k = start; k < end; k++) tie[k - start] = order[k];
          Arrays.sort(tie, (a, b) -> Arrays.compareUnsigned(keyAt(slotOf[a]), keyAt(slotOf[b])));
          for (int k = start; k < end; k++) order[k] = tie[k - start];
        }
      }
    }
    for (int k = 0; k < n; k++) {
      handles[k] = held[order[k]];
      order[k] = slotOf[order[k]];
    }
    return order;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  /** Bytes written into this memtable (what the flush threshold is compared against). */
  public long liveBytes() {
    return liveBytes;
  }

  public long operations() {
    return operations;
  }
}
