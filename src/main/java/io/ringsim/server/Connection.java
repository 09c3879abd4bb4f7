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
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One client connection to one simulated node: the protocol's handshake (OPTIONS, STARTUP, REGISTER) here on the
 * event loop, statements on the server's worker threads. Answers may leave in any order, each on its request's
 * stream. Back-pressure as Cassandra 4.1 applies it: a connection has at most {@link #MAX_IN_FLIGHT} requests running;
 * past that it stops reading (the requests wait, in the client's socket and here) until answers free room, and it
 * stops reading while its client does not read what it is sent. Only a client that asked for it in STARTUP
 * ({@code THROW_ON_OVERLOAD}) gets OVERLOADED instead of waiting.
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
  /** Statements read past {@link #MAX_IN_FLIGHT}, in order, while reading is paused. Event loop only. */
  private final ArrayDeque<Frame> waiting = new ArrayDeque<>();
  private volatile boolean throwOnOverload;
  /** The STARTUP options, as system_views.clients shows them; null before STARTUP. */
  private volatile Map<String, String> startupOptions;
  private volatile int protocolVersion;
  /** Cassandra's request_count: STARTUP and every request after it (the OPTIONS before it is not counted). */
  private final AtomicLong requests = new AtomicLong();
  private volatile InetSocketAddress remote;
  private volatile String hostname;

  Connection(ConnectionState state, String node, ServedCluster served) {
    this.state = state;
    this.node = node;
    this.served = served;
    this.session = new RequestExecutor.Session(served.nextClientId());
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    channel = ctx.channel();
    if (channel.remoteAddress() instanceof InetSocketAddress a) {
      session.clientAddress = a.getAddress();
      remote = a;
    }
    served.connected(this);
    ctx.fireChannelActive();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    served.unregister(this);
    served.disconnected(this);
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
    protocolVersion = f.protocolVersion;
    if (startupOptions != null || m instanceof Startup) requests.incrementAndGet();
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
      throwOnOverload = "1".equals(s.options.get("THROW_ON_OVERLOAD"));
      startupOptions = java.util.Collections.unmodifiableMap(new TreeMap<>(s.options));
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
    if (inFlight < MAX_IN_FLIGHT && waiting.isEmpty()) {
      dispatch(ctx, f);
    } else if (throwOnOverload) {
      reply(ctx, f, ErrorResponses.overloaded("Request breached the limit of " + MAX_IN_FLIGHT + " requests in "
          + "flight on a connection. Server is currently in an overloaded state and cannot accept more requests."),
          List.of());
    } else {
      // Cassandra pauses the connection rather than refuse: the client's requests wait until answers free room.
      waiting.add(f);
      updateAutoRead(ctx);
    }
  }

  private void dispatch(ChannelHandlerContext ctx, Frame f) {
    inFlight++;
    try {
      served.workers().execute(() -> {
        RequestExecutor.Reply r;
        try {
          r = served.executor().execute(node, session, f.message, f.tracing);
        } catch (RuntimeException | Error e) {
          // An Error is still this one request's failure (a user function asking for an array larger than the JVM
          // allows throws OutOfMemoryError at once): unanswered, the client would wait out its timeout and the
          // connection would count the request in flight for ever.
          r = RequestExecutor.Reply.of(ErrorResponses.server(e));
        }
        RequestExecutor.Reply answer = r;
        ctx.executor().execute(() -> {
          inFlight--;
          reply(ctx, f, answer.message(), answer.warnings(), answer.tracingId());
          resumeWaiting(ctx);
        });
      });
    } catch (RejectedExecutionException e) {
      // Only once the server is shutting down (the queue is unbounded): the node is going away.
      inFlight--;
      reply(ctx, f, ErrorResponses.overloaded("The server is shutting down"), List.of());
    }
  }

  /** Runs the statements that waited while there is room again, and reads again once none wait. */
  private void resumeWaiting(ChannelHandlerContext ctx) {
    while (inFlight < MAX_IN_FLIGHT && !waiting.isEmpty()) dispatch(ctx, waiting.poll());
    updateAutoRead(ctx);
  }

  private void updateAutoRead(ChannelHandlerContext ctx) {
    boolean read = ctx.channel().isWritable() && waiting.isEmpty() && inFlight < MAX_IN_FLIGHT;
    if (ctx.channel().config().isAutoRead() != read) ctx.channel().config().setAutoRead(read);
  }

  /** This connection as system_views.clients lists it; null before the client's address is known. */
  ConnectedClient client() {
    InetSocketAddress a = remote;
    if (a == null) return null;
    String h = hostname;
    if (h == null) hostname = h = a.getHostName(); // a reverse lookup, as Cassandra's InetSocketAddress.getHostName
    Map<String, String> options = startupOptions;
    return new ConnectedClient(a.getAddress(), a.getPort(), h, options == null ? "established" : "ready",
        protocolVersion, options, requests.get());
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
    updateAutoRead(ctx);
    ctx.fireChannelWritabilityChanged();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }
}
