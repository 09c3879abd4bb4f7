package io.ringsim.storage;

import java.util.Arrays;

/** A growable byte buffer with the variable-length integer writes the SSTable format uses. */
final class ByteSink {
  byte[] buf;
  int len;

  ByteSink(int capacity) {
    buf = new byte[Math.max(16, capacity)];
  }

  void reset() {
    len = 0;
  }

  private void ensure(int n) {
    if (len + n > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
  }

  void write(int b) {
    ensure(1);
    buf[len++] = (byte) b;
  }

  void write(byte[] b, int off, int n) {
    ensure(n);
    System.arraycopy(b, off, buf, len, n);
    len += n;
  }

  /** An unsigned LEB128 varint: 1 byte below 128, at most 10 for any 64-bit value. */
  void uvarint(long v) {
    ensure(10);
    while ((v & ~0x7FL) != 0) {
      buf[len++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    buf[len++] = (byte) v;
  }

  /** A signed value, zigzag-encoded so that small negative numbers stay short too. */
  void zigzag(long v) {
    uvarint((v << 1) ^ (v >> 63));
  }

  void int32(int v) {
    ensure(4);
    buf[len++] = (byte) (v >>> 24);
    buf[len++] = (byte) (v >>> 16);
    buf[len++] = (byte) (v >>> 8);
    buf[len++] = (byte) v;
  }

  /** A length-prefixed byte string. */
  void bytes(byte[] b) {
    uvarint(b.length);
    write(b, 0, b.length);
  }
}
