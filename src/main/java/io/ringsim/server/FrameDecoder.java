package io.ringsim.server;

import com.datastax.oss.protocol.internal.CrcMismatchException;
import com.datastax.oss.protocol.internal.Frame;
import com.datastax.oss.protocol.internal.FrameCodec;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.Segment;
import com.datastax.oss.protocol.internal.SegmentCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Cuts the byte stream into protocol frames (v3/v4: 9-byte header and body; v5 after READY: CRC-checked segments
 * holding frames) and decodes them with the protocol library. What cannot be decoded becomes a {@link BadFrame}
 * for the handler to answer with a PROTOCOL_ERROR; a stream that can no longer be cut into frames (a length over
 * the maximum, a CRC mismatch, an unsupported version) is answered and then closed, as Cassandra does.
 */
final class FrameDecoder extends ByteToMessageDecoder {
  static final int HEADER = 9;

  /** A frame the server could not accept. {@code fatal}: the connection cannot go on after the answer. */
  record BadFrame(int version, int streamId, String message, boolean fatal) {}

  private final ConnectionState state;
  private boolean closed;
  /** v5: the parts of a frame too large for one segment, until it is whole. */
  private CompositeByteBuf largeFrame;
  private int largeFrameExpected;

  FrameDecoder(ConnectionState state) {
    this.state = state;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (closed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    if (state.segments) decodeSegments(in, out);
    else decodeFrame(in, out);
  }

  private void decodeFrame(ByteBuf in, List<Object> out) {
    if (in.readableBytes() < 1) return;
    int first = in.getUnsignedByte(in.readerIndex());
    int version = first & 0x7F;
    if (state.version == 0 && !supported(version)) {
      // Cassandra 4.1 answers in its current version, v5 (before v3 in the client's own framing, which the
      // protocol library cannot write: v3 here).
      fail(out, version < ProtocolConstants.Version.MIN ? ProtocolConstants.Version.MIN
          : ProtocolConstants.Version.V5, 0, unsupportedVersion(version));
      return;
    }
    if (in.readableBytes() < 2) return;
    if (state.version == 0 && version == ProtocolConstants.Version.BETA
        && (in.getUnsignedByte(in.readerIndex() + 1) & USE_BETA) == 0) {
      // A driver asks for the beta version only when allowed to (allow_beta_protocol_version); Cassandra refuses
      // it otherwise, in that version, with this text (both seen with the oracle).
      fail(out, version, 0, "Beta version of the protocol used (6/v6-beta), but USE_BETA flag is unset");
      return;
    }
    if (in.readableBytes() < HEADER) return;
    int streamId = in.getShort(in.readerIndex() + 2);
    if ((first & 0x80) != 0) {
      fail(out, version, streamId, "Invalid frame: a response frame sent to the server");
      return;
    }
    if (state.version != 0 && version != state.version) {
      fail(out, state.version, streamId, "Invalid message version. Got " + version + " but previous messages on "
          + "this connection had version " + state.version);
      return;
    }
    long length = in.getUnsignedInt(in.readerIndex() + 5);
    if (length > ConnectionState.MAX_FRAME_BYTES) {
      fail(out, version, streamId, "Request is too big: length " + (HEADER + length)
          + " exceeds maximum allowed length " + ConnectionState.MAX_FRAME_BYTES + ".");
      return;
    }
    if (in.readableBytes() < HEADER + length) return;
    ByteBuf frame = in.readRetainedSlice(HEADER + (int) length);
    if (state.version == 0) state.version = version;
    decodeOne(ConnectionState.LZ4, frame, version, streamId, out);
  }

  private static void decodeOne(FrameCodec<ByteBuf> codec, ByteBuf frame, int version, int streamId,
      List<Object> out) {
    try {
      out.add(codec.decode(frame));
    } catch (RuntimeException e) {
      // The frame's bounds were sound, only its body was not: answer on its stream and keep the connection.
      out.add(new BadFrame(version, streamId, "Invalid frame body: " + describe(e), false));
    } finally {
      frame.release();
    }
  }

  private void decodeSegments(ByteBuf in, List<Object> out) {
    SegmentCodec<ByteBuf> codec = state.segmentCodec();
    int headerBytes = codec.headerLength() + SegmentCodec.CRC24_LENGTH;
    while (in.readableBytes() >= headerBytes) {
      int start = in.readerIndex();
      SegmentCodec.Header header;
      try {
        header = codec.decodeHeader(in.slice(start, headerBytes));
      } catch (CrcMismatchException e) {
        fail(out, state.version, 0, e.getMessage());
        return;
      }
      int total = headerBytes + header.payloadLength + SegmentCodec.CRC32_LENGTH;
      if (in.readableBytes() < total) return;
      in.skipBytes(headerBytes);
      Segment<ByteBuf> segment;
      try {
        segment = codec.decode(header, in.readRetainedSlice(header.payloadLength + SegmentCodec.CRC32_LENGTH));
      } catch (CrcMismatchException | RuntimeException e) {
        fail(out, state.version, 0, describe(e));
        return;
      }
      try {
        if (segment.isSelfContained) framesIn(segment.payload, out);
        else partOfLargeFrame(segment.payload, out);
      } finally {
        segment.payload.release();
      }
      if (closed) return;
    }
  }

  /** A self-contained segment holds one or more whole frames. */
  private void framesIn(ByteBuf payload, List<Object> out) {
    while (payload.isReadable()) {
      if (payload.readableBytes() < HEADER) {
        fail(out, state.version, 0, "Invalid segment: a partial frame header in a self-contained segment");
        return;
      }
      int streamId = payload.getShort(payload.readerIndex() + 2);
      long length = payload.getUnsignedInt(payload.readerIndex() + 5);
      if (HEADER + length > payload.readableBytes()) {
        fail(out, state.version, streamId, "Invalid segment: a frame longer than its self-contained segment");
        return;
      }
      decodeOne(ConnectionState.PLAIN, payload.readRetainedSlice(HEADER + (int) length), state.version, streamId,
          out);
    }
  }

  private void partOfLargeFrame(ByteBuf part, List<Object> out) {
    if (largeFrame == null) {
      if (part.readableBytes() < HEADER) {
        fail(out, state.version, 0, "Invalid segment: the first part of a large frame is shorter than a header");
        return;
      }
      long length = part.getUnsignedInt(part.readerIndex() + 5);
      if (length > ConnectionState.MAX_FRAME_BYTES) {
        fail(out, state.version, part.getShort(part.readerIndex() + 2), "Request is too big: length "
            + (HEADER + length) + " exceeds maximum allowed length " + ConnectionState.MAX_FRAME_BYTES + ".");
        return;
      }
      largeFrameExpected = HEADER + (int) length;
      largeFrame = part.alloc().compositeBuffer();
    }
    largeFrame.addComponent(true, part.retain());
    if (largeFrame.readableBytes() > largeFrameExpected) {
      fail(out, state.version, 0, "Invalid segment: a large frame longer than its header says");
      return;
    }
    if (largeFrame.readableBytes() == largeFrameExpected) {
      ByteBuf whole = largeFrame;
      largeFrame = null;
      decodeOne(ConnectionState.PLAIN, whole, state.version, whole.getShort(2), out);
    }
  }

  private void fail(List<Object> out, int version, int streamId, String message) {
    closed = true;
    out.add(new BadFrame(version, streamId, message, true));
  }

  /** The frame header flag a client sets to speak a beta version. */
  static final int USE_BETA = 0x10;

  /** v3 to v5, and v6-beta (with the USE_BETA flag), as Cassandra 4.1. */
  static boolean supported(int version) {
    return version >= ProtocolConstants.Version.MIN && version <= ProtocolConstants.Version.BETA;
  }

  /** Cassandra's wording, which the drivers look for to step down to an older version. */
  static String unsupportedVersion(int version) {
    return "Invalid or unsupported protocol version (" + version + "); supported versions are (" + VERSIONS + ")";
  }

  /** As Cassandra 4.1 lists them in SUPPORTED and in the error above. */
  static final List<String> PROTOCOL_VERSIONS = List.of("3/v3", "4/v4", "5/v5", "6/v6-beta");
  private static final String VERSIONS = String.join(", ", PROTOCOL_VERSIONS);

  private static String describe(Throwable e) {
    String m = e.getMessage();
    return m == null ? e.getClass().getSimpleName() : m;
  }

  @Override
  protected void handlerRemoved0(ChannelHandlerContext ctx) {
    if (largeFrame != null) {
      largeFrame.release();
      largeFrame = null;
    }
  }
}
