package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.protocol.internal.Compressor;
import com.datastax.oss.protocol.internal.Frame;
import com.datastax.oss.protocol.internal.FrameCodec;
import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.request.Execute;
import com.datastax.oss.protocol.internal.request.Options;
import com.datastax.oss.protocol.internal.request.Prepare;
import com.datastax.oss.protocol.internal.request.Query;
import com.datastax.oss.protocol.internal.request.Register;
import com.datastax.oss.protocol.internal.request.Startup;
import com.datastax.oss.protocol.internal.request.query.QueryOptions;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Whatever bytes a peer sends, the server answers with PROTOCOL_ERROR, waits for the rest of a frame, or closes the
 * connection: no exception escapes the pipeline, no SERVER_ERROR (that would be a bug), and the node goes on serving
 * what it had acknowledged before.
 */
class FrameFuzzProperties {
  static ServedClusterFixture fx;
  static final FrameCodec<ByteBuf> CLIENT =
      FrameCodec.defaultClient(new ByteBufCodec(ByteBufAllocator.DEFAULT), Compressor.none());

  @BeforeContainer
  static void start() throws Exception {
    fx = new ServedClusterFixture(3, 11);
    try (CqlSession s = fx.connect(null)) {
      s.execute("CREATE KEYSPACE fz WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
      s.execute("CREATE TABLE fz.t (k int PRIMARY KEY, v text)");
      s.execute(SimpleStatement.newInstance("INSERT INTO fz.t (k, v) VALUES (1, 'kept')")
          .setConsistencyLevel(ConsistencyLevel.ALL));
    }
  }

  @AfterContainer
  static void acknowledgedDataSurvives() {
    try (CqlSession s = fx.connect(null)) {
      String v = s.execute(SimpleStatement.newInstance("SELECT v FROM fz.t WHERE k = 1")
          .setConsistencyLevel(ConsistencyLevel.ALL)).one().getString("v");
      assertThat(v).isEqualTo("kept");
    } finally {
      fx.close();
    }
  }

  @Provide
  Arbitrary<byte[]> garbage() {
    Arbitrary<byte[]> random = Arbitraries.bytes().array(byte[].class).ofMaxSize(600);
    Arbitrary<byte[]> mutated = Combinators.combine(validFrames(), Arbitraries.integers().between(0, 5),
        Arbitraries.integers().between(0, 10_000), Arbitraries.integers()).as(FrameFuzzProperties::mutate);
    return Arbitraries.oneOf(random, mutated, mutated, mutated);
  }

  private Arbitrary<byte[]> validFrames() {
    Arbitrary<Message> message = Arbitraries.of(
        Options.INSTANCE, new Startup(), new Register(List.of("STATUS_CHANGE")),
        new Query("SELECT * FROM system.local"), new Query("SELECT v FROM fz.t WHERE k = 1"),
        new Query("INSERT INTO fz.t (k, v) VALUES (2, 'x')"), new Prepare("SELECT * FROM fz.t"),
        new Execute(new byte[] {1, 2, 3}, QueryOptions.DEFAULT));
    return Combinators.combine(message, Arbitraries.of(3, 4), Arbitraries.integers().between(0, 300))
        .as((m, v, stream) -> {
          ByteBuf b = CLIENT.encode(Frame.forRequest(v, stream, false, Frame.NO_PAYLOAD, m));
          byte[] bytes = new byte[b.readableBytes()];
          b.readBytes(bytes);
          b.release();
          return bytes;
        });
  }

  /** A valid frame broken one way: truncated, a byte changed, a lying length, an unknown opcode or version. */
  static byte[] mutate(byte[] frame, int how, int where, int value) {
    byte[] b = frame.clone();
    int at = Math.floorMod(where, b.length);
    switch (how) {
      case 0 -> b = java.util.Arrays.copyOf(b, at);
      case 1 -> b[at] = (byte) value;
      case 2 -> writeInt(b, 5, value);
      case 3 -> writeInt(b, 5, ConnectionState.MAX_FRAME_BYTES + 1 + Math.floorMod(value, 1000));
      case 4 -> b[4] = (byte) value;
      default -> b[0] = (byte) value;
    }
    return b;
  }

  private static void writeInt(byte[] b, int at, int v) {
    if (b.length < at + 4) return;
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }

  @Property(tries = 400)
  void garbageGetsAProtocolErrorOrACloseNeverAServerError(@ForAll("garbage") byte[] input) throws Exception {
    ConnectionState state = new ConnectionState();
    EmbeddedChannel ch = new EmbeddedChannel(new FrameDecoder(state), new FrameEncoder(state),
        new Connection(state, "n1", fx.served));
    ch.writeInbound(Unpooled.wrappedBuffer(input));
    // Statements run on worker threads; their answers come back through the channel's own executor.
    long deadline = System.nanoTime() + 20_000_000_000L;
    List<ByteBuf> out = new ArrayList<>();
    while (System.nanoTime() < deadline) {
      ch.runPendingTasks();
      Object o;
      while ((o = ch.readOutbound()) != null) out.add((ByteBuf) o);
      if (fx.served.workers().getActiveCount() == 0 && fx.served.workers().getQueue().isEmpty()) {
        ch.runPendingTasks();
        while ((o = ch.readOutbound()) != null) out.add((ByteBuf) o);
        break;
      }
      Thread.sleep(2);
    }
    for (ByteBuf b : out) {
      if (state.segments) break; // v5 segments are checked by the driver tests
      assertThat(b.readableBytes()).isGreaterThanOrEqualTo(9);
      assertThat(b.getByte(0) & 0x80).as("a response frame").isNotZero();
      if (b.getByte(4) == ProtocolConstants.Opcode.ERROR) {
        int code = b.getInt(9);
        assertThat(code).as("error code of %s", Map.of("input", input.length)).isNotEqualTo(
            ProtocolConstants.ErrorCode.SERVER_ERROR);
      }
      b.release();
    }
    ch.finishAndReleaseAll();
  }
}
