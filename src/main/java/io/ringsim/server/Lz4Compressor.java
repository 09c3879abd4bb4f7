package io.ringsim.server;

import com.datastax.oss.protocol.internal.Compressor;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.ByteBuffer;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4FastDecompressor;

/**
 * LZ4 as Cassandra speaks it: in protocol v4 a frame body is the uncompressed length (4 bytes, big-endian) followed
 * by one LZ4 block; in v5 the segment header carries the length and the payload is the bare block.
 */
final class Lz4Compressor implements Compressor<ByteBuf> {
  /** Refuse to inflate a body to more than a frame may hold: a peer's length is not trusted. */
  private final int maxUncompressed;
  private final ByteBufAllocator alloc;
  private final LZ4Compressor compressor = LZ4Factory.fastestInstance().fastCompressor();
  private final LZ4FastDecompressor decompressor = LZ4Factory.fastestInstance().fastDecompressor();

  Lz4Compressor(ByteBufAllocator alloc, int maxUncompressed) {
    this.alloc = alloc;
    this.maxUncompressed = maxUncompressed;
  }

  @Override
  public String algorithm() {
    return "lz4";
  }

  @Override
  public ByteBuf compress(ByteBuf in) {
    return compress(in, true);
  }

  @Override
  public ByteBuf compressWithoutLength(ByteBuf in) {
    return compress(in, false);
  }

  private ByteBuf compress(ByteBuf in, boolean withLength) {
    int length = in.readableBytes();
    ByteBuffer src = in.nioBuffer();
    int bound = compressor.maxCompressedLength(length);
    ByteBuf out = alloc.heapBuffer((withLength ? 4 : 0) + bound);
    if (withLength) out.writeInt(length);
    ByteBuffer dst = out.nioBuffer(out.writerIndex(), bound);
    int written = compressor.compress(src, src.position(), length, dst, dst.position(), bound);
    out.writerIndex(out.writerIndex() + written);
    return out; // the caller (the protocol library) releases its input
  }

  @Override
  public ByteBuf decompress(ByteBuf in) {
    int length = in.readInt();
    return decompress(in, length);
  }

  @Override
  public ByteBuf decompressWithoutLength(ByteBuf in, int uncompressedLength) {
    return decompress(in, uncompressedLength);
  }

  private ByteBuf decompress(ByteBuf in, int length) {
    if (length < 0 || length > maxUncompressed)
      throw new IllegalArgumentException("compressed body claims " + length + " bytes uncompressed");
    ByteBuffer src = in.nioBuffer();
    ByteBuf out = alloc.heapBuffer(length, length);
    ByteBuffer dst = out.nioBuffer(0, length);
    try {
      decompressor.decompress(src, src.position(), dst, 0, length);
    } catch (net.jpountz.lz4.LZ4Exception e) {
      out.release();
      throw new IllegalArgumentException("corrupt LZ4 body: " + e.getMessage());
    }
    out.writerIndex(length);
    return out;
  }
}
