package io.ringsim.server;

import com.datastax.oss.protocol.internal.Frame;
import com.datastax.oss.protocol.internal.FrameCodec;
import com.datastax.oss.protocol.internal.Segment;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageEncoder;
import java.util.List;

/**
 * Encodes response frames with the protocol library: as they are in v3/v4 (compressed when STARTUP asked for LZ4),
 * and in v5 after READY inside segments: one self-contained segment for a frame that fits, otherwise the frame cut
 * into as many parts as it takes.
 */
final class FrameEncoder extends MessageToMessageEncoder<Frame> {
  private final ConnectionState state;

  FrameEncoder(ConnectionState state) {
    this.state = state;
  }

  @Override
  protected void encode(ChannelHandlerContext ctx, Frame frame, List<Object> out) {
    FrameCodec<ByteBuf> codec = state.frames();
    ByteBuf encoded = codec.encode(frame);
    if (!state.segments) {
      out.add(encoded);
      if (frame.message instanceof com.datastax.oss.protocol.internal.response.Ready) state.onReadySent();
      return;
    }
    int size = encoded.readableBytes();
    if (size <= Segment.MAX_PAYLOAD_LENGTH) {
      state.segmentCodec().encode(new Segment<>(encoded, true), out);
      return;
    }
    try {
      while (encoded.isReadable()) {
        ByteBuf part = encoded.readRetainedSlice(Math.min(Segment.MAX_PAYLOAD_LENGTH, encoded.readableBytes()));
        state.segmentCodec().encode(new Segment<>(part, false), out);
      }
    } finally {
      encoded.release();
    }
  }
}
