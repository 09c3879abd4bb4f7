package io.ringsim.server;

import com.datastax.oss.protocol.internal.Compressor;
import com.datastax.oss.protocol.internal.Frame;
import com.datastax.oss.protocol.internal.FrameCodec;
import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.request.Query;
import com.datastax.oss.protocol.internal.request.Startup;
import com.datastax.oss.protocol.internal.request.query.QueryOptions;
import com.datastax.oss.protocol.internal.response.Error;
import com.datastax.oss.protocol.internal.response.Ready;
import com.datastax.oss.protocol.internal.response.result.ColumnSpec;
import com.datastax.oss.protocol.internal.response.result.Rows;
import com.datastax.oss.protocol.internal.response.result.SetKeyspace;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.exec.ResultSet;
import io.ringsim.schema.CqlType;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A small blocking client of the native protocol (v4, one request at a time), for ringsim's own shell against a
 * served cluster ({@code cqlsh --connect}). Paging is followed to the end, so a SELECT returns every row.
 */
public final class ProtocolClient implements Closeable {
  private static final FrameCodec<ByteBuf> CODEC =
      FrameCodec.defaultClient(new ByteBufCodec(ByteBufAllocator.DEFAULT), Compressor.none());
  private final Socket socket;
  private final DataInputStream in;
  private final OutputStream out;
  private final String address;
  private String keyspace;
  private UUID lastTracingId;

  public ProtocolClient(String host, int port) throws IOException {
    this.socket = new Socket();
    socket.connect(new InetSocketAddress(host, port), 10_000);
    this.in = new DataInputStream(socket.getInputStream());
    this.out = socket.getOutputStream();
    this.address = host + ":" + port;
    Message answer = roundTrip(new Startup(), false).message;
    if (!(answer instanceof Ready)) throw new IOException("the server at " + address + " answered " + answer);
  }

  public String address() {
    return address;
  }

  public String keyspace() {
    return keyspace;
  }

  /** The trace session of the last traced request (null when it was not traced). */
  public UUID lastTracingId() {
    return lastTracingId;
  }

  private Frame roundTrip(Message m, boolean tracing) throws IOException {
    ByteBuf b = CODEC.encode(Frame.forRequest(ProtocolConstants.Version.V4, 1, tracing, Frame.NO_PAYLOAD, m));
    byte[] bytes = new byte[b.readableBytes()];
    b.readBytes(bytes);
    b.release();
    out.write(bytes);
    out.flush();
    byte[] header = new byte[9];
    in.readFully(header);
    int length = ByteBuffer.wrap(header, 5, 4).getInt();
    byte[] frame = new byte[9 + length];
    System.arraycopy(header, 0, frame, 0, 9);
    in.readFully(frame, 9, length);
    return CODEC.decode(Unpooled.wrappedBuffer(frame));
  }

  /** Runs a statement at {@code cl}; an error from the server becomes a CqlException with its class and text. */
  public ResultSet execute(String cql, ConsistencyLevel cl, boolean tracing) throws IOException {
    List<List<Object>> rows = new ArrayList<>();
    List<String> columns = new ArrayList<>();
    List<CqlType> types = new ArrayList<>();
    List<String> warnings = new ArrayList<>();
    ByteBuffer paging = null;
    do {
      QueryOptions o = new QueryOptions(ProtocolValues.consistencyCode(cl), List.of(), Map.of(), false, 5000, paging,
          ProtocolConstants.ConsistencyLevel.SERIAL, QueryOptions.NO_DEFAULT_TIMESTAMP, null,
          QueryOptions.NO_NOW_IN_SECONDS);
      Frame f = roundTrip(new Query(cql, o), tracing);
      lastTracingId = f.tracingId;
      warnings.addAll(f.warnings);
      Message m = f.message;
      if (m instanceof Error e) throw new CqlException(errorClass(e.code), e.message);
      if (m instanceof SetKeyspace s) keyspace = s.keyspace;
      if (!(m instanceof Rows r)) return new ResultSet(List.of(), List.of(), List.of(), warnings);
      if (columns.isEmpty()) {
        for (ColumnSpec c : r.getMetadata().columnSpecs) {
          columns.add(c.name);
          types.add(WireTypes.fromRaw(c.type));
        }
      }
      for (List<ByteBuffer> raw : r.getData()) {
        List<Object> row = new ArrayList<>(raw.size());
        for (int i = 0; i < raw.size(); i++) row.add(WireTypes.decode(types.get(i), raw.get(i), columns.get(i)));
        rows.add(row);
      }
      paging = r.getMetadata().pagingState;
    } while (paging != null);
    return new ResultSet(columns, types, rows, warnings);
  }

  static CqlErrorClass errorClass(int code) {
    return switch (code) {
      case ProtocolConstants.ErrorCode.SYNTAX_ERROR -> CqlErrorClass.SyntaxError;
      case ProtocolConstants.ErrorCode.INVALID -> CqlErrorClass.InvalidRequest;
      case ProtocolConstants.ErrorCode.CONFIG_ERROR -> CqlErrorClass.ConfigurationError;
      case ProtocolConstants.ErrorCode.ALREADY_EXISTS -> CqlErrorClass.AlreadyExists;
      case ProtocolConstants.ErrorCode.UNAUTHORIZED -> CqlErrorClass.Unauthorized;
      case ProtocolConstants.ErrorCode.UNAVAILABLE -> CqlErrorClass.Unavailable;
      case ProtocolConstants.ErrorCode.OVERLOADED -> CqlErrorClass.Overloaded;
      case ProtocolConstants.ErrorCode.IS_BOOTSTRAPPING -> CqlErrorClass.IsBootstrapping;
      case ProtocolConstants.ErrorCode.TRUNCATE_ERROR -> CqlErrorClass.TruncateError;
      case ProtocolConstants.ErrorCode.WRITE_TIMEOUT -> CqlErrorClass.WriteTimeout;
      case ProtocolConstants.ErrorCode.READ_TIMEOUT -> CqlErrorClass.ReadTimeout;
      case ProtocolConstants.ErrorCode.READ_FAILURE -> CqlErrorClass.ReadFailure;
      case ProtocolConstants.ErrorCode.WRITE_FAILURE -> CqlErrorClass.WriteFailure;
      case ProtocolConstants.ErrorCode.FUNCTION_FAILURE -> CqlErrorClass.FunctionFailure;
      case ProtocolConstants.ErrorCode.CAS_WRITE_UNKNOWN -> CqlErrorClass.CASWriteUnknown;
      default -> CqlErrorClass.ServerError;
    };
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
