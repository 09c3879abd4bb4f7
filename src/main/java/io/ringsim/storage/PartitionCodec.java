package io.ringsim.storage;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.NavigableMap;

/**
 * The binary form of a partition update: what the commit log stores and what replicas exchange. Tombstones and
 * all cell metadata are kept, so decoding gives back exactly what was encoded.
 */
public final class PartitionCodec {
  private PartitionCodec() {}

  public static byte[] encode(Partition p) {
    // Encoded into this thread's scratch buffer, then copied out at its exact length: neither sized from p.dataSize()
    // (for a replica's answer to a read, a partition just decoded, that walk was a third of encoding it) nor a new
    // buffer per call (a quarter of a simulated read's allocation).
    Out out = SCRATCH.get();
    out.sink.reset();
    bytes(out, p.key().key());
    deletion(out, p.deletion());
    out.writeInt(p.rangeTombstones().size());
    for (RangeTombstone rt : p.rangeTombstones()) {
      bound(out, rt.slice().start());
      bound(out, rt.slice().end());
      deletion(out, rt.deletion());
    }
    out.writeBoolean(p.staticRow() != null);
    if (p.staticRow() != null) row(out, p.staticRow());
    out.writeInt(p.rows().size());
    for (Row r : p.rows().values()) row(out, r);
    byte[] encoded = Arrays.copyOf(out.sink.buf, out.sink.len);
    if (out.sink.buf.length > SCRATCH_KEPT) SCRATCH.remove(); // a huge partition's buffer is not kept
    return encoded;
  }

  private static final int SCRATCH_KEPT = 1 << 16;
  private static final ThreadLocal<Out> SCRATCH = ThreadLocal.withInitial(() -> new Out(512));

  /**
   * The bytes {@code DataOutputStream} over a {@code ByteArrayOutputStream} wrote (big-endian, modified UTF-8
   * names), written into a {@link ByteSink} without their locking: each of its writes of an int was four
   * synchronized calls, about 2% of the ten-million scenario's simulation thread (every coordinator encodes every
   * mutation).
   */
  private static final class Out {
    final ByteSink sink;

    Out(int capacity) {
      sink = new ByteSink(capacity);
    }

    void writeBoolean(boolean v) {
      sink.write(v ? 1 : 0);
    }

    void writeInt(int v) {
      sink.int32(v);
    }

    void writeLong(long v) {
      sink.int32((int) (v >>> 32));
      sink.int32((int) v);
    }

    void write(byte[] b) {
      sink.write(b, 0, b.length);
    }

    /** As DataOutput.writeUTF: a two-byte length, then modified UTF-8 (NUL and non-ASCII chars in 2 or 3 bytes). */
    void writeUTF(String s) {
      int n = 0;
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        n += c >= 0x0001 && c <= 0x007F ? 1 : c <= 0x07FF ? 2 : 3;
      }
      if (n > 65535) throw new IllegalArgumentException("column name too long to encode: " + n + " bytes");
      sink.write(n >>> 8);
      sink.write(n);
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        if (c >= 0x0001 && c <= 0x007F) {
          sink.write(c);
        } else if (c <= 0x07FF) {
          sink.write(0xC0 | ((c >> 6) & 0x1F));
          sink.write(0x80 | (c & 0x3F));
        } else {
          sink.write(0xE0 | ((c >> 12) & 0x0F));
          sink.write(0x80 | ((c >> 6) & 0x3F));
          sink.write(0x80 | (c & 0x3F));
        }
      }
    }
  }

  /** Decodes an update; IllegalArgumentException when the bytes are not a valid encoding. */
  public static Partition decode(byte[] data, TableSchema schema) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
      Partition p = schema.newPartition(bytes(in));
      p.delete(deletion(in));
      int rts = count(in);
      for (int i = 0; i < rts; i++) {
        ClusteringBound s = bound(in);
        ClusteringBound e = bound(in);
        p.appendRangeTombstone(new RangeTombstone(new Slice(s, e), deletion(in)));
      }
      if (in.readBoolean()) p.add(row(in, schema, true));
      int rows = count(in);
      for (int i = 0; i < rows; i++) p.add(row(in, schema, false));
      if (in.available() != 0) throw new IllegalArgumentException("trailing bytes after partition update");
      return p;
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("corrupt partition update: " + e.getMessage(), e);
    }
  }

  private static void row(Out out, Row r) {
    out.writeInt(r.clustering().size());
    for (int i = 0; i < r.clustering().size(); i++) bytes(out, r.clustering().get(i));
    out.writeLong(r.liveness().timestamp());
    out.writeInt(r.liveness().ttl());
    out.writeInt(r.liveness().localExpirationTime());
    deletion(out, r.deletion());
    out.writeInt(r.cellCount());
    for (int i = 0; i < r.cellCount(); i++) {
      out.writeUTF(r.name(i));
      cell(out, r.cell(i));
    }
    out.writeInt(r.complex().size());
    for (Map.Entry<String, ComplexColumn> e : r.complex().entrySet()) {
      out.writeUTF(e.getKey());
      deletion(out, e.getValue().deletion());
      out.writeInt(e.getValue().cells().size());
      for (Map.Entry<byte[], Cell> c : e.getValue().cells().entrySet()) {
        bytes(out, c.getKey());
        cell(out, c.getValue());
      }
    }
  }

  private static Row row(DataInputStream in, TableSchema schema, boolean isStatic) throws IOException {
    int n = count(in);
    byte[][] values = new byte[n][];
    for (int i = 0; i < n; i++) values[i] = bytes(in);
    Row.Builder b = Row.builder(isStatic ? Clustering.STATIC : Clustering.of(values));
    LivenessInfo l = new LivenessInfo(in.readLong(), in.readInt(), in.readInt());
    if (!l.isEmpty()) b.marker(l);
    b.delete(deletion(in));
    int cells = count(in);
    for (int i = 0; i < cells; i++) b.cell(in.readUTF(), cell(in));
    int complex = count(in);
    for (int i = 0; i < complex; i++) {
      String name = in.readUTF();
      ComplexColumn col = ComplexColumn.of(deletion(in), schema.pathOrder(name));
      int m = count(in);
      NavigableMap<byte[], Cell> map = col.cells();
      for (int j = 0; j < m; j++) map.put(bytes(in), cell(in));
      b.complex(name, col);
    }
    return b.build();
  }

  private static void cell(Out out, Cell c) {
    out.writeLong(c.timestamp());
    out.writeInt(c.ttl());
    out.writeInt(c.localDeletionTime());
    bytes(out, c.value());
  }

  private static Cell cell(DataInputStream in) throws IOException {
    return new Cell(in.readLong(), in.readInt(), in.readInt(), bytes(in));
  }

  private static void deletion(Out out, DeletionTime d) {
    out.writeLong(d.markedForDeleteAt());
    out.writeInt(d.localDeletionTime());
  }

  private static DeletionTime deletion(DataInputStream in) throws IOException {
    long m = in.readLong();
    int l = in.readInt();
    return m == Long.MIN_VALUE ? DeletionTime.LIVE : new DeletionTime(m, l);
  }

  private static void bound(Out out, ClusteringBound b) {
    out.writeBoolean(b.inclusive());
    out.writeInt(b.prefix().length);
    for (byte[] v : b.prefix()) bytes(out, v);
  }

  private static ClusteringBound bound(DataInputStream in) throws IOException {
    boolean inclusive = in.readBoolean();
    int n = count(in);
    byte[][] prefix = new byte[n][];
    for (int i = 0; i < n; i++) prefix[i] = bytes(in);
    return new ClusteringBound(prefix, inclusive);
  }

  private static void bytes(Out out, byte[] b) {
    out.writeInt(b.length);
    out.write(b);
  }

  private static byte[] bytes(DataInputStream in) throws IOException {
    int n = count(in);
    if (n > in.available()) throw new IOException("length " + n + " past the end of the entry");
    return in.readNBytes(n);
  }

  private static int count(DataInputStream in) throws IOException {
    int n = in.readInt();
    if (n < 0 || n > (1 << 28)) throw new IOException("bad length " + n);
    return n;
  }
}
