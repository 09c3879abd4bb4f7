package io.ringsim.server;

import com.datastax.oss.protocol.internal.PrimitiveCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * The protocol library's primitives ([int], [string], [bytes], ...) over Netty buffers. The library parses and
 * writes frames; it only needs to be told how to read and write these on our buffer type. Every read checks the
 * length a peer claims against what it sent, so a body that lies about its sizes ends in a ProtocolError, never in
 * a huge allocation.
 */
final class ByteBufCodec implements PrimitiveCodec<ByteBuf> {
  private final ByteBufAllocator alloc;

  ByteBufCodec(ByteBufAllocator alloc) {
    this.alloc = alloc;
  }

  @Override
  public ByteBuf allocate(int size) {
    return alloc.ioBuffer(size, size);
  }

  @Override
  public void release(ByteBuf b) {
    b.release();
  }

  @Override
  public int sizeOf(ByteBuf b) {
    return b.readableBytes();
  }

  @Override
  public ByteBuf concat(ByteBuf left, ByteBuf right) {
    CompositeByteBuf c = alloc.compositeBuffer(2);
    c.addComponents(true, left, right);
    return c;
  }

  @Override
  public void markReaderIndex(ByteBuf b) {
    b.markReaderIndex();
  }

  @Override
  public void resetReaderIndex(ByteBuf b) {
    b.resetReaderIndex();
  }

  @Override
  public byte readByte(ByteBuf b) {
    return b.readByte();
  }

  @Override
  public int readInt(ByteBuf b) {
    return b.readInt();
  }

  @Override
  public int readInt(ByteBuf b, int offset) {
    return b.getInt(b.readerIndex() + offset);
  }

  @Override
  public InetAddress readInetAddr(ByteBuf b) {
    int length = b.readUnsignedByte();
    if (length != 4 && length != 16) throw new IllegalArgumentException("invalid inet address length " + length);
    byte[] bytes = new byte[length];
    b.readBytes(bytes);
    try {
      return InetAddress.getByAddress(bytes);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(e);
    }
  }

  @Override
  public long readLong(ByteBuf b) {
    return b.readLong();
  }

  @Override
  public int readUnsignedShort(ByteBuf b) {
    return b.readUnsignedShort();
  }

  @Override
  public ByteBuffer readBytes(ByteBuf b) {
    int length = b.readInt();
    // -2 is v4's "unset" bound value: the library compares against this very instance.
    if (length == -2) return com.datastax.oss.protocol.internal.ProtocolConstants.UNSET_VALUE;
    if (length < 0) return null;
    checkAvailable(b, length);
    byte[] bytes = new byte[length];
    b.readBytes(bytes);
    return ByteBuffer.wrap(bytes);
  }

  @Override
  public byte[] readShortBytes(ByteBuf b) {
    int length = b.readUnsignedShort();
    checkAvailable(b, length);
    byte[] bytes = new byte[length];
    b.readBytes(bytes);
    return bytes;
  }

  @Override
  public String readString(ByteBuf b) {
    int length = b.readUnsignedShort();
    return readUtf8(b, length);
  }

  @Override
  public String readLongString(ByteBuf b) {
    int length = b.readInt();
    if (length < 0) throw new IllegalArgumentException("negative string length " + length);
    return readUtf8(b, length);
  }

  private static String readUtf8(ByteBuf b, int length) {
    checkAvailable(b, length);
    String s = b.toString(b.readerIndex(), length, StandardCharsets.UTF_8);
    b.skipBytes(length);
    return s;
  }

  private static void checkAvailable(ByteBuf b, int length) {
    if (length > b.readableBytes())
      throw new IllegalArgumentException("a length of " + length + " bytes where only " + b.readableBytes() + " remain");
  }

  @Override
  public ByteBuf readRetainedSlice(ByteBuf b, int size) {
    checkAvailable(b, size);
    return b.readRetainedSlice(size);
  }

  @Override
  public void updateCrc(ByteBuf b, CRC32 crc) {
    crc.update(b.nioBuffer());
  }

  @Override
  public void writeByte(byte v, ByteBuf b) {
    b.writeByte(v);
  }

  @Override
  public void writeInt(int v, ByteBuf b) {
    b.writeInt(v);
  }

  @Override
  public void writeInetAddr(InetAddress address, ByteBuf b) {
    byte[] bytes = address.getAddress();
    b.writeByte(bytes.length);
    b.writeBytes(bytes);
  }

  @Override
  public void writeLong(long v, ByteBuf b) {
    b.writeLong(v);
  }

  @Override
  public void writeUnsignedShort(int v, ByteBuf b) {
    b.writeShort(v);
  }

  @Override
  public void writeString(String s, ByteBuf b) {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    b.writeShort(bytes.length);
    b.writeBytes(bytes);
  }

  @Override
  public void writeLongString(String s, ByteBuf b) {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    b.writeInt(bytes.length);
    b.writeBytes(bytes);
  }

  @Override
  public void writeBytes(ByteBuffer bytes, ByteBuf b) {
    if (bytes == null) {
      b.writeInt(-1);
      return;
    }
    b.writeInt(bytes.remaining());
    b.writeBytes(bytes.duplicate());
  }

  @Override
  public void writeBytes(byte[] bytes, ByteBuf b) {
    if (bytes == null) {
      b.writeInt(-1);
      return;
    }
    b.writeInt(bytes.length);
    b.writeBytes(bytes);
  }

  @Override
  public void writeShortBytes(byte[] bytes, ByteBuf b) {
    b.writeShort(bytes.length);
    b.writeBytes(bytes);
  }
}
