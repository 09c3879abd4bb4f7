package io.ringsim.server;

import com.datastax.oss.protocol.internal.Frame;
import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.request.Batch;
import com.datastax.oss.protocol.internal.request.Execute;
import com.datastax.oss.protocol.internal.request.Options;
import com.datastax.oss.protocol.internal.request.Prepare;
import com.datastax.oss.protocol.internal.request.Query;
import com.datastax.oss.protocol.internal.request.Register;
import com.datastax.oss.protocol.internal.request.Startup;
import com.datastax.oss.protocol.internal.response.Event;
import com.datastax.oss.protocol.internal.response.Ready;
import com.datastax.oss.protocol.internal.response.Supported;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;

/**
 * One client connection to one simulated node: the protocol's handshake (OPTIONS, STARTUP, REGISTER) here on the
 * event loop, statements on the server's worker threads. Answers may leave in any order, each on its request's
 * stream. Back-pressure: a connection has at most {@link #MAX_IN_FLIGHT} requests running (more get OVERLOADED),
 * and it stops reading while its client does not read what it is sent.
 */
final class Connection extends ChannelInboundHandlerAdapter {
  static final int MAX_IN_FLIGHT = 2048;

  private final ConnectionState state;
  private final String node;
  private final ServedCluster served;
  private final RequestExecutor.Session session;
  private final Set<String> events = ConcurrentHashMap.newKeySet();
  private volatile Channel channel;
  /** Touched on the event loop only. */
  private int inFlight;

  Connection(ConnectionState state, String node, ServedCluster served) {
    this.state = state;
    this.node = node;
    this.served = served;
    this.session = new RequestExecutor.Session(served.nextClientId());
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    channel = ctx.channel();
    if (channel.remoteAddress() instanceof java.net.InetSocketAddress a) session.clientAddress = a.getAddress();
    ctx.fireChannelActive();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    served.unregister(this);
    ctx.fireChannelInactive();
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof FrameDecoder.BadFrame bad) {
      Frame answer = ConnectionState.response(bad.version(), bad.streamId(), null, List.of(),
          ErrorResponses.protocol(bad.message()));
      var written = ctx.writeAndFlush(answer);
      if (bad.fatal()) written.addListener(ChannelFutureListener.CLOSE);
      return;
    }
    Frame f = (Frame) msg;
    Message m = f.message;
    if (m instanceof Options) {
      reply(ctx, f, new Supported(Map.of("CQL_VERSION", List.of(SystemKeyspaces.CQL_VERSION), "COMPRESSION",
          List.of("lz4"), "PROTOCOL_VERSIONS", FrameDecoder.PROTOCOL_VERSIONS)), List.of());
    } else if (m instanceof Startup s) {
      String compression = s.options.get(Startup.COMPRESSION_KEY);
      if (compression != null && !compression.equalsIgnoreCase("lz4")) {
        reply(ctx, f, ErrorResponses.protocol("Unknown compression algorithm: " + compression
            + " (ringsim speaks lz4 or no compression)"), List.of());
        return;
      }
      state.lz4Requested = compression != null;
      reply(ctx, f, new Ready(), List.of());
    } else if (m instanceof Register r) {
      events.addAll(r.eventTypes);
      served.register(this);
      reply(ctx, f, new Ready(), List.of());
    } else if (m instanceof Query || m instanceof Prepare || m instanceof Execute || m instanceof Batch) {
      statement(ctx, f);
    } else {
      reply(ctx, f, ErrorResponses.protocol("Unexpected message " + m.getClass().getSimpleName()
          + " (no authentication is configured)"), List.of());
    }
  }

  private void statement(ChannelHandlerContext ctx, Frame f) {
    if (inFlight >= MAX_IN_FLIGHT) {
      reply(ctx, f, ErrorResponses.overloaded("Too many in-flight requests on this connection (at most "
          + MAX_IN_FLIGHT + ")"), List.of());
      return;
    }
    inFlight++;
    try {
      served.workers().execute(() -> {
        RequestExecutor.Reply r;
        try {
          r = served.executor().execute(node, session, f.message, f.tracing);
        } catch (RuntimeException e) {
          r = RequestExecutor.Reply.of(ErrorResponses.server(e));
        }
        RequestExecutor.Reply answer = r;
        ctx.executor().execute(() -> {
          inFlight--;
          reply(ctx, f, answer.message(), answer.warnings(), answer.tracingId());
        });
      });
    } catch (RejectedExecutionException e) {
      inFlight--;
      reply(ctx, f, ErrorResponses.overloaded("The server's request queue is full"), List.of());
    }
  }

  private void reply(ChannelHandlerContext ctx, Frame request, Message m, List<String> warnings) {
    reply(ctx, request, m, warnings, null);
  }

  private void reply(ChannelHandlerContext ctx, Frame request, Message m, List<String> warnings,
      java.util.UUID tracingId) {
    List<String> w = request.protocolVersion >= ProtocolConstants.Version.V4 ? warnings : List.of();
    ctx.writeAndFlush(ConnectionState.response(request.protocolVersion, request.streamId, tracingId, w, m));
  }

  /** Sends an event if this connection registered for its type (events go on stream -1). */
  void push(String type, Event e) {
    Channel c = channel;
    if (c == null || !events.contains(type) || state.version == 0) return;
    c.eventLoop().execute(() -> c.writeAndFlush(ConnectionState.response(state.version, -1, null, List.of(), e)));
  }

  String node() {
    return node;
  }

  void close() {
    Channel c = channel;
    if (c != null) c.close();
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    // A client that does not read: stop reading its requests until it catches up, so nothing grows unbounded.
    ctx.channel().config().setAutoRead(ctx.channel().isWritable());
    ctx.fireChannelWritabilityChanged();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }
}
