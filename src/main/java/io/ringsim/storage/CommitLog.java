package io.ringsim.storage;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * A node's commit log: framed entries (length, CRC32, table, update) appended in order. What survives a crash is
 * the synced prefix; entries of a table already flushed to an SSTable are skipped on replay, and the prefix that
 * every table has flushed is recycled, as Cassandra recycles segments.
 */
public final class CommitLog {
  /** An entry as replay sees it. */
  public record Entry(long position, String table, byte[] update) {}

  private final CommitLogSync mode;
  private final long periodMillis;
  private final List<Frame> frames = new ArrayList<>();
  /**
   * Each frame's length, at the same index as the frame: recycling a flushed prefix sums these instead of reaching
   * every dropped frame and its arrays, long cold by then (that walk was about 1% of a simulated write).
   */
  private int[] lengths = new int[256];
  private final Map<String, byte[]> tableNames = new HashMap<>();
  private long firstPosition; // position of frames.get(0)
  private long syncedUpTo; // positions < syncedUpTo survive a crash
  private long lastSyncMillis;
  private long bytes;
  private final Map<String, Long> flushedUpTo = new HashMap<>();

  public CommitLog(CommitLogSync mode, long periodMillis) {
    this.mode = mode;
    this.periodMillis = periodMillis;
  }

  public CommitLogSync mode() {
    return mode;
  }

  /**
   * A framed entry: as a file would hold it, length, CRC32, table name and update; kept as its parts, the update
   * not copied (in one JVM its bytes are the mutation's, shared with the other replicas, and never changed), and
   * written out as bytes only when a fault corrupts or tears it. A copied frame per replica write was the largest
   * part of what a node's commit log kept alive until its next flush. Its checksum is worked out then too: it covers
   * parts that never change, so it is the one the append would have computed (a CRC per replica write, about 2% of a
   * simulated write, for frames that are almost never written out).
   */
  private record Frame(byte[] table, byte[] update, byte[] raw) {
    int length() {
      return raw != null ? raw.length : 10 + table.length + update.length;
    }

    byte[] bytes() {
      if (raw != null) return raw;
      ByteBuffer frame = ByteBuffer.allocate(length());
      frame.putInt(length()).putInt(checksum(table, update)).putShort((short) table.length).put(table).put(update);
      return frame.array();
    }
  }

  /** The checksum of a frame: it covers what follows it, the table name's length, the name, the update. */
  private static int checksum(byte[] table, byte[] update) {
    CRC32 crc = new CRC32();
    crc.update(table.length >>> 8);
    crc.update(table.length);
    crc.update(table, 0, table.length);
    crc.update(update, 0, update.length);
    return (int) crc.getValue();
  }

  /** Appends an entry and returns its position. In BATCH mode the entry is durable when this returns. */
  public long append(String table, byte[] update, long nowMillis) {
    byte[] t = tableNames.computeIfAbsent(table, n -> n.getBytes(StandardCharsets.UTF_8));
    Frame f = new Frame(t, update, null);
    frames.add(f);
    if (frames.size() > lengths.length) lengths = Arrays.copyOf(lengths, lengths.length * 2);
    lengths[frames.size() - 1] = f.length();
    bytes += f.length();
    long pos = firstPosition + frames.size() - 1;
    if (mode == CommitLogSync.BATCH) syncedUpTo = pos + 1;
    else maybeSync(nowMillis);
    return pos;
  }

  /** The periodic sync: called on writes and by the node's timer. */
  public void maybeSync(long nowMillis) {
    if (nowMillis - lastSyncMillis >= periodMillis) sync(nowMillis);
  }

  public void sync(long nowMillis) {
    syncedUpTo = firstPosition + frames.size();
    lastSyncMillis = nowMillis;
  }

  public long nextPosition() {
    return firstPosition + frames.size();
  }

  /** Records that {@code table}'s data before {@code position} is in SSTables, and recycles what all tables flushed. */
  public void markFlushed(String table, long position) {
    flushedUpTo.merge(table, position, Math::max);
  }

  /** Drops the prefix of entries every table has flushed past (segment recycling). */
  public void recycle(Iterable<String> tables) {
    long min = nextPosition();
    for (String t : tables) min = Math.min(min, flushedUpTo.getOrDefault(t, firstPosition));
    int drop = (int) Math.max(0, Math.min(Math.min(min, syncedUpTo) - firstPosition, frames.size()));
    // One bulk removal: removing the head entry by entry shifts the whole list each time (quadratic per flush).
    for (int i = 0; i < drop; i++) bytes -= lengths[i];
    frames.subList(0, drop).clear();
    System.arraycopy(lengths, drop, lengths, 0, frames.size());
    firstPosition += drop;
  }

  /** A crash: what was not synced is gone. Returns how many entries were lost. */
  public int crash() {
    int keep = (int) Math.max(0, syncedUpTo - firstPosition);
    int lost = frames.size() - keep;
    while (frames.size() > keep) {
      frames.remove(frames.size() - 1);
      bytes -= lengths[frames.size()];
    }
    return lost;
  }

  /** The entries to replay, checking each frame; corrupt ones are reported through {@code corrupt} and skipped. */
  public List<Entry> entries(List<String> corrupt, int[] skippedFlushed) {
    List<Entry> out = new ArrayList<>();
    for (int i = 0; i < frames.size(); i++) {
      long pos = firstPosition + i;
      Frame frame = frames.get(i);
      if (frame.raw() == null) { // as appended: intact
        String table = new String(frame.table(), StandardCharsets.UTF_8);
        if (pos < flushedUpTo.getOrDefault(table, Long.MIN_VALUE)) skippedFlushed[0]++;
        else out.add(new Entry(pos, table, frame.update().clone()));
        continue;
      }
      byte[] f = frame.raw();
      String problem = check(f);
      if (problem != null) {
        corrupt.add("commit log entry " + pos + ": " + problem + "; skipped");
        continue;
      }
      ByteBuffer b = ByteBuffer.wrap(f);
      b.position(8);
      int tl = b.getShort() & 0xFFFF;
      String table = new String(f, 10, tl, StandardCharsets.UTF_8);
      if (pos < flushedUpTo.getOrDefault(table, Long.MIN_VALUE)) {
        skippedFlushed[0]++;
        continue;
      }
      byte[] update = new byte[f.length - 10 - tl];
      System.arraycopy(f, 10 + tl, update, 0, update.length);
      out.add(new Entry(pos, table, update));
    }
    return out;
  }

  private static String check(byte[] f) {
    if (f.length < 10) return "truncated (" + f.length + " bytes)";
    ByteBuffer b = ByteBuffer.wrap(f);
    int len = b.getInt();
    if (len != f.length) return "truncated (" + f.length + " of " + len + " bytes)";
    int crc = b.getInt();
    CRC32 c = new CRC32();
    c.update(f, 8, f.length - 8);
    if ((int) c.getValue() != crc) return "checksum mismatch";
    int tl = b.getShort() & 0xFFFF;
    if (10 + tl > f.length) return "bad table name length";
    return null;
  }

  public int size() {
    return frames.size();
  }

  public long bytes() {
    return bytes;
  }

  /** Test and fault-injection hook: flips a byte inside entry {@code index} (0 = oldest kept entry). */
  public void corrupt(int index) {
    byte[] f = frames.get(index).bytes().clone();
    f[f.length - 1] ^= 0x5A;
    frames.set(index, new Frame(null, null, f));
    lengths[index] = f.length;
  }

  /** Test and fault-injection hook: cuts the newest entry short, as a torn write at a crash would. */
  public void truncateLast(int keepBytes) {
    byte[] f = frames.get(frames.size() - 1).bytes();
    byte[] torn = Arrays.copyOf(f, Math.min(keepBytes, f.length));
    frames.set(frames.size() - 1, new Frame(null, null, torn));
    bytes -= lengths[frames.size() - 1] - torn.length; // what is left of it is what the log holds
    lengths[frames.size() - 1] = torn.length;
  }
}
