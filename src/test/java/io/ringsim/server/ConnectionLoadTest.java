package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.protocol.internal.Compressor;
import com.datastax.oss.protocol.internal.Frame;
import com.datastax.oss.protocol.internal.FrameCodec;
import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.request.Options;
import com.datastax.oss.protocol.internal.request.Query;
import com.datastax.oss.protocol.internal.request.Startup;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Many clients, clients that stop reading, and clients that vanish mid-request: the server keeps answering the
 * others, buffers a bounded amount for a slow reader (it stops reading that client's requests instead), and
 * delivers everything once the slow reader catches up; past a connection's in-flight limit requests wait, unless
 * the client asked for OVERLOADED.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConnectionLoadTest {
  static final FrameCodec<ByteBuf> CLIENT =
      FrameCodec.defaultClient(new ByteBufCodec(ByteBufAllocator.DEFAULT), Compressor.none());
  ServedClusterFixture fx;

  @BeforeAll
  void start() throws Exception {
    fx = new ServedClusterFixture(3, 13);
  }

  @AfterAll
  void stop() {
    fx.close();
  }

  static byte[] frame(int stream, Message m) {
    ByteBuf b = CLIENT.encode(Frame.forRequest(4, stream, false, Frame.NO_PAYLOAD, m));
    byte[] bytes = new byte[b.readableBytes()];
    b.readBytes(bytes);
    b.release();
    return bytes;
  }

  /** Reads one response frame: its stream id and opcode. */
  static int[] readFrame(InputStream in) throws IOException {
    DataInputStream d = new DataInputStream(in);
    byte[] header = new byte[9];
    d.readFully(header);
    int length = ((header[5] & 0xFF) << 24) | ((header[6] & 0xFF) << 16) | ((header[7] & 0xFF) << 8)
        | (header[8] & 0xFF);
    byte[] body = new byte[length];
    d.readFully(body);
    int code = header[4] == ProtocolConstants.Opcode.ERROR && length >= 4
        ? ((body[0] & 0xFF) << 24) | ((body[1] & 0xFF) << 16) | ((body[2] & 0xFF) << 8) | (body[3] & 0xFF) : -1;
    return new int[] {(short) (((header[2] & 0xFF) << 8) | (header[3] & 0xFF)), header[4], code};
  }

  private Socket open(int node) throws IOException {
    Socket s = new Socket();
    s.connect(new InetSocketAddress(fx.served.addresses().get("n" + node), fx.port), 30_000);
    s.setSoTimeout(60_000);
    return s;
  }

  @Test
  void aThousandConnectionsAreEachAnswered() throws Exception {
    List<Socket> sockets = new ArrayList<>();
    try {
      for (int i = 0; i < 1000; i++) {
        Socket s = open(1 + i % 3);
        sockets.add(s);
        s.getOutputStream().write(frame(i % 100, Options.INSTANCE));
      }
      for (int i = 0; i < sockets.size(); i++) {
        int[] f = readFrame(sockets.get(i).getInputStream());
        assertThat(f[0]).isEqualTo(i % 100);
        assertThat(f[1]).isEqualTo(ProtocolConstants.Opcode.SUPPORTED);
      }
    } finally {
      for (Socket s : sockets) s.close();
    }
  }

  @Test
  void aClientThatStopsReadingHoldsOnlyItselfBackAndGetsEverythingLater() throws Exception {
    int requests = 4000;
    try (Socket slow = open(2)) {
      OutputStream out = slow.getOutputStream();
      out.write(frame(0, new Startup()));
      assertThat(readFrame(slow.getInputStream())[1]).isEqualTo(ProtocolConstants.Opcode.READY);
      // Each answer is about a kilobyte: 4 MB in all, far past the 1 MB the server buffers for one client. The
      // writes go from a thread, since the server stops reading once its buffer is full and then so do we.
      Thread writer = new Thread(() -> {
        try {
          for (int i = 0; i < requests; i++) out.write(frame(i % 30000, new Query("SELECT * FROM system.local")));
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      writer.start();
      // Meanwhile another client is answered as usual.
      try (CqlSession other = fx.connect(null)) {
        assertThat(other.execute("SELECT release_version FROM system.local").one().getString(0)).startsWith("4.1");
      }
      int got = 0;
      InputStream in = slow.getInputStream();
      while (got < requests) {
        int[] f = readFrame(in);
        // Past its in-flight limit the connection waits (as Cassandra pauses it): every request gets its rows.
        assertThat(f[1]).as("answer %d (error code %d)", got, f[2]).isEqualTo(ProtocolConstants.Opcode.RESULT);
        got++;
      }
      writer.join(60_000);
      assertThat(got).isEqualTo(requests);
    }
  }

  /**
   * Requests across many connections, each under its in-flight limit, together far more than the server has threads
   * for: Cassandra bounds them by bytes in flight (a tenth of its heap), which they do not reach, so every one waits
   * its turn and is answered; none is refused OVERLOADED because the server's shared queue was long.
   */
  @Test
  void manyBusyConnectionsAreAllAnsweredWithoutOverloaded() throws Exception {
    try (CqlSession setup = fx.connect(null)) {
      setup.execute("CREATE KEYSPACE IF NOT EXISTS load WITH replication = {'class': 'SimpleStrategy', "
          + "'replication_factor': 3}");
      setup.execute("CREATE TABLE IF NOT EXISTS load.t (k int PRIMARY KEY, v text)");
      setup.execute("INSERT INTO load.t (k, v) VALUES (1, 'one')");
    }
    int connections = 6;
    int each = 2000; // 12,000 in all: more than the 256 threads and the 8,192 a bounded queue would hold
    List<Socket> sockets = new ArrayList<>();
    List<Thread> writers = new ArrayList<>();
    try {
      for (int c = 0; c < connections; c++) {
        Socket s = open(1);
        sockets.add(s);
        s.getOutputStream().write(frame(0, new Startup()));
        assertThat(readFrame(s.getInputStream())[1]).isEqualTo(ProtocolConstants.Opcode.READY);
      }
      for (Socket s : sockets) {
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < each; i++) all.write(frame(i, new Query("SELECT v FROM load.t WHERE k = 1")));
        Thread w = new Thread(() -> {
          try {
            s.getOutputStream().write(all.toByteArray());
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
        writers.add(w);
        w.start();
      }
      for (Socket s : sockets) {
        for (int got = 0; got < each; got++) {
          int[] f = readFrame(s.getInputStream());
          assertThat(f[1]).as("answer %d (error code %d)", got, f[2]).isEqualTo(ProtocolConstants.Opcode.RESULT);
        }
      }
      for (Thread w : writers) w.join(60_000);
    } finally {
      for (Socket s : sockets) s.close();
    }
  }

  /**
   * A client that asked in STARTUP to be told (THROW_ON_OVERLOAD=1, Cassandra 4.1's option) gets OVERLOADED for the
   * requests past the connection's in-flight limit instead of waiting; every request is answered one way or the other.
   */
  @Test
  void aClientThatAsksToBeToldGetsOverloadedPastTheLimit() throws Exception {
    int requests = 6000;
    try (Socket s = open(3)) {
      OutputStream out = s.getOutputStream();
      out.write(frame(0, new Startup(java.util.Map.of("CQL_VERSION", "3.0.0", "THROW_ON_OVERLOAD", "1"))));
      assertThat(readFrame(s.getInputStream())[1]).isEqualTo(ProtocolConstants.Opcode.READY);
      java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
      for (int i = 0; i < requests; i++) all.write(frame(i % 30000, new Query("SELECT * FROM system.local")));
      Thread writer = new Thread(() -> {
        try {
          out.write(all.toByteArray());
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      writer.start();
      int overloaded = 0;
      for (int got = 0; got < requests; got++) {
        int[] f = readFrame(s.getInputStream());
        if (f[1] == ProtocolConstants.Opcode.ERROR) {
          assertThat(f[2]).as("error code of answer %d", got).isEqualTo(ProtocolConstants.ErrorCode.OVERLOADED);
          overloaded++;
        } else {
          assertThat(f[1]).as("answer %d", got).isEqualTo(ProtocolConstants.Opcode.RESULT);
        }
      }
      writer.join(60_000);
      assertThat(overloaded).as("answered OVERLOADED").isPositive().isLessThan(requests);
    }
  }

  @Test
  void clientsThatVanishMidRequestLeaveTheNodeServing() throws Exception {
    try (CqlSession setup = fx.connect(null)) {
      setup.execute("CREATE KEYSPACE IF NOT EXISTS ld WITH replication = {'class': 'SimpleStrategy', "
          + "'replication_factor': 3}");
      setup.execute("CREATE TABLE IF NOT EXISTS ld.t (k int PRIMARY KEY, v int)");
    }
    // 40 clients close right after sending (FIN: the request is delivered, the client is gone before the answer);
    // 10 reset the connection (RST: the kernel may drop what the server has not read yet, so those writes may or may
    // not happen, as with a real server).
    for (int i = 0; i < 50; i++) {
      Socket s = open(1 + i % 3);
      // One write, so both frames arrive together: the server reads the query before its READY meets a closed
      // socket (after which the client's kernel answers with a reset, and unread data would be lost).
      java.io.ByteArrayOutputStream both = new java.io.ByteArrayOutputStream();
      both.write(frame(0, new Startup()));
      both.write(frame(1, new Query("INSERT INTO ld.t (k, v) VALUES (" + i + ", 1)")));
      s.getOutputStream().write(both.toByteArray());
      if (i >= 40) s.setSoLinger(true, 0);
      s.close();
    }
    try (CqlSession after = fx.connect(null)) {
      ServedClusterFixture.await("the writes of the clients that closed after sending", Duration.ofSeconds(60),
          () -> after.execute("SELECT k FROM ld.t").all().stream().filter(r -> r.getInt(0) < 40).count() == 40);
      after.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(
          "INSERT INTO ld.t (k, v) VALUES (1000, 2)").setConsistencyLevel(
          com.datastax.oss.driver.api.core.ConsistencyLevel.ALL));
      assertThat(after.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(
          "SELECT v FROM ld.t WHERE k = 1000").setConsistencyLevel(
          com.datastax.oss.driver.api.core.ConsistencyLevel.ALL)).one().getInt(0)).isEqualTo(2);
    }
  }

  /**
   * A client that sends one statement after another (cassandra-dtest's collection-index tests insert 50,000 rows so)
   * waits for each statement's simulated time, not for a fixed poll or tick per request: 2,000 serial INSERTs on
   * three nodes finish well inside a minute (19 s measured with the machine's two cores shared by a load average of
   * 16; a poll of 30 ms per request would take the whole minute).
   */
  @Test
  void serialStatementsWaitForTheirSimulatedTimeOnly() {
    try (CqlSession s = fx.connect(null)) {
      s.execute("CREATE KEYSPACE serial WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
      s.execute("CREATE TABLE serial.t (k int PRIMARY KEY, v text)");
      long start = System.nanoTime();
      for (int i = 0; i < 2000; i++) s.execute("INSERT INTO serial.t (k, v) VALUES (" + i + ", 'v" + i + "')");
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      assertThat(s.execute("SELECT count(*) FROM serial.t").one().getLong(0)).isEqualTo(2000);
      assertThat(took).isLessThan(Duration.ofSeconds(60));
    }
  }
}
