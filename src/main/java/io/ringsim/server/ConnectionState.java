package io.ringsim.server;

import com.datastax.oss.protocol.internal.Compressor;
import com.datastax.oss.protocol.internal.Frame;
import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.FrameCodec;
import com.datastax.oss.protocol.internal.SegmentCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.List;
import java.util.UUID;

/**
 * What the decoder, the encoder and the request handler of one connection agree on: the protocol version the
 * client chose with its first frame, the compression STARTUP asked for, and whether frames now travel inside v5
 * segments. Touched only on the connection's event-loop thread.
 */
final class ConnectionState {
  /** Cassandra's native_transport_max_frame_size default (16 MiB): a longer frame is refused. */
  static final int MAX_FRAME_BYTES = 16 * 1024 * 1024;

  private static final ByteBufCodec CODEC = new ByteBufCodec(ByteBufAllocator.DEFAULT);
  static final FrameCodec<ByteBuf> PLAIN = FrameCodec.defaultServer(CODEC, Compressor.none());
  static final FrameCodec<ByteBuf> LZ4 =
      FrameCodec.defaultServer(CODEC, new Lz4Compressor(ByteBufAllocator.DEFAULT, MAX_FRAME_BYTES));
  static final SegmentCodec<ByteBuf> SEGMENTS_PLAIN = new SegmentCodec<>(CODEC, Compressor.none());
  static final SegmentCodec<ByteBuf> SEGMENTS_LZ4 =
      new SegmentCodec<>(CODEC, new Lz4Compressor(ByteBufAllocator.DEFAULT, MAX_FRAME_BYTES));

  /** 0 until the first frame fixes it. */
  int version;
  boolean lz4;
  /** STARTUP asked for LZ4: it applies from the frame after READY on. */
  boolean lz4Requested;
  /** v5 after READY: frames travel in CRC-checked segments. */
  boolean segments;

  /**
   * READY is the last frame in the old form: compression starts after it, and in v5 so do segments (the client
   * switches when it reads READY, and sends nothing before).
   */
  void onReadySent() {
    lz4 = lz4Requested;
    if (version >= 5) segments = true;
  }

  /**
   * An answer frame; in the beta version it carries the USE_BETA flag, as Cassandra 4.1's do (seen with the
   * oracle, also on its refusal of a v6 frame without the flag).
   */
  static Frame response(int version, int streamId, UUID tracingId, List<String> warnings, Message m) {
    return new Frame(version, version == ProtocolConstants.Version.BETA, streamId, false, tracingId, -1, -1,
        Frame.NO_PAYLOAD, warnings, ErrorResponses.forVersion(version, m));
  }

  static ByteBufCodec primitives() {
    return CODEC;
  }

  /** The frame codec of this connection; v5 frames inside segments are never compressed on their own. */
  FrameCodec<ByteBuf> frames() {
    return lz4 && !segments ? LZ4 : PLAIN;
  }

  SegmentCodec<ByteBuf> segmentCodec() {
    return lz4 ? SEGMENTS_LZ4 : SEGMENTS_PLAIN;
  }
}
