package io.ringsim.storage;

import java.util.Arrays;

/** Reads what {@link ByteSink} wrote, from a position inside a byte array. */
final class ByteSource {
  final byte[] buf;
  int pos;

  ByteSource(byte[] buf, int pos) {
    this.buf = buf;
    this.pos = pos;
  }

  int read() {
    return buf[pos++] & 0xFF;
  }

  long uvarint() {
    long v = 0;
    int shift = 0;
    while (true) {
      byte b = buf[pos++];
      v |= (long) (b & 0x7F) << shift;
      if (b >= 0) return v;
      shift += 7;
    }
  }

  int uvarint32() {
    return (int) uvarint();
  }

  long zigzag() {
    long v = uvarint();
    return (v >>> 1) ^ -(v & 1);
  }

  int int32() {
    int v = (buf[pos] & 0xFF) << 24 | (buf[pos + 1] & 0xFF) << 16 | (buf[pos + 2] & 0xFF) << 8 | (buf[pos + 3] & 0xFF);
    pos += 4;
    return v;
  }

  byte[] bytes() {
    int n = uvarint32();
    byte[] out = Arrays.copyOfRange(buf, pos, pos + n);
    pos += n;
    return out;
  }

  void skipBytes() {
    pos += uvarint32();
  }

  void skip(int n) {
    pos += n;
  }
}
