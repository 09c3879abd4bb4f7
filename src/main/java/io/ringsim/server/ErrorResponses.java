package io.ringsim.server;

import com.datastax.oss.protocol.internal.ProtocolConstants.ErrorCode;
import com.datastax.oss.protocol.internal.response.Error;
import com.datastax.oss.protocol.internal.response.error.AlreadyExists;
import com.datastax.oss.protocol.internal.response.error.CASWriteUnknown;
import com.datastax.oss.protocol.internal.response.error.FunctionFailure;
import com.datastax.oss.protocol.internal.response.error.ReadFailure;
import com.datastax.oss.protocol.internal.response.error.ReadTimeout;
import com.datastax.oss.protocol.internal.response.error.Unavailable;
import com.datastax.oss.protocol.internal.response.error.WriteFailure;
import com.datastax.oss.protocol.internal.response.error.WriteTimeout;
import io.ringsim.cluster.CoordinatorException;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cql.CqlException;
import io.ringsim.cql.WriteType;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A ringsim failure as the protocol's ERROR message, with the fields each Cassandra error class carries. */
final class ErrorResponses {
  private ErrorResponses() {}

  private static final Pattern KEYSPACE_EXISTS = Pattern.compile("Cannot add existing keyspace \"([^\"]+)\"");
  private static final Pattern TABLE_EXISTS =
      Pattern.compile("Cannot add already existing table \"([^\"]+)\" to keyspace \"([^\"]+)\"");

  /**
   * @param cl the request's consistency level (what Unavailable and the timeouts report)
   * @param writeType SIMPLE, BATCH, UNLOGGED_BATCH, COUNTER or CAS: what kind of write timed out
   */
  static Error of(CqlException e, ConsistencyLevel cl, String writeType) {
    String msg = e.getMessage() == null ? e.errorClass().name() : e.getMessage();
    int received = e instanceof CoordinatorException c ? c.received() : 0;
    int required = e instanceof CoordinatorException c ? c.required() : 0;
    if (e instanceof CoordinatorException c) {
      cl = c.reported().orElse(cl);
      writeType = c.writeType().map(WriteType::name).orElse(writeType);
    }
    int code = ProtocolValues.consistencyCode(cl);
    return switch (e.errorClass()) {
      case SyntaxError -> new Error(ErrorCode.SYNTAX_ERROR, msg);
      case InvalidRequest -> new Error(ErrorCode.INVALID, msg);
      case ConfigurationError -> new Error(ErrorCode.CONFIG_ERROR, msg);
      case AlreadyExists -> alreadyExists(msg);
      case Unauthorized -> new Error(ErrorCode.UNAUTHORIZED, msg);
      case Unavailable -> new Unavailable(msg, code, required, received);
      case Overloaded -> new Error(ErrorCode.OVERLOADED, msg);
      case IsBootstrapping -> new Error(ErrorCode.IS_BOOTSTRAPPING, msg);
      case TruncateError -> new Error(ErrorCode.TRUNCATE_ERROR, msg);
      case WriteTimeout -> new WriteTimeout(msg, code, received, required, writeType);
      case ReadTimeout -> new ReadTimeout(msg, code, received, required, received >= required);
      case ReadFailure -> new ReadFailure(msg, code, received, required, 1, Map.of(), false);
      case WriteFailure -> new WriteFailure(msg, code, received, required, 1, Map.of(), writeType);
      case FunctionFailure -> e instanceof io.ringsim.cql.FunctionFailureException f
          ? new FunctionFailure(msg, f.keyspace(), f.function(), f.argTypes()) : functionFailure(msg);
      case CASWriteUnknown -> new CASWriteUnknown(msg, code, received, required);
      case ServerError -> new Error(ErrorCode.SERVER_ERROR, msg);
    };
  }

  /**
   * The error as a client of {@code version} reads it: before v5 there is no CAS_WRITE_UNKNOWN, and Cassandra answers
   * such a client with a CAS write timeout, in the timeout's own words (ErrorMessage.getBackwardsCompatibleException).
   */
  static com.datastax.oss.protocol.internal.Message forVersion(int version,
      com.datastax.oss.protocol.internal.Message m) {
    if (version < com.datastax.oss.protocol.internal.ProtocolConstants.Version.V5 && m instanceof CASWriteUnknown u) {
      return new WriteTimeout("Operation timed out - received only " + u.received + " responses.", u.consistencyLevel,
          u.received, u.blockFor, WriteType.CAS.name());
    }
    return m;
  }

  private static Error alreadyExists(String msg) {
    Matcher k = KEYSPACE_EXISTS.matcher(msg);
    if (k.find()) return new AlreadyExists(msg, k.group(1), "");
    Matcher t = TABLE_EXISTS.matcher(msg);
    if (t.find()) return new AlreadyExists(msg, t.group(2), t.group(1));
    return new AlreadyExists(msg, "", "");
  }

  private static final Pattern FUNCTION = Pattern.compile("'(\\w+)\\.(\\w+)\\[([^\\]]*)\\]'");

  /**
   * A FUNCTION_FAILURE names the function's keyspace, name and argument types ("execution of 'system.fromjson[text]'
   * failed: ..."); the protocol's encoder needs them, so a bare error would never reach the client.
   */
  private static Error functionFailure(String msg) {
    Matcher f = FUNCTION.matcher(msg);
    if (!f.find()) return new FunctionFailure(msg, "system", "", List.of());
    List<String> args = f.group(3).isEmpty() ? List.of() : List.of(f.group(3).split(",\\s*"));
    return new FunctionFailure(msg, f.group(1), f.group(2), args);
  }

  static Error protocol(String msg) {
    return new Error(ErrorCode.PROTOCOL_ERROR, msg);
  }

  static Error overloaded(String msg) {
    return new Error(ErrorCode.OVERLOADED, msg);
  }

  static Error server(Throwable t) {
    return new Error(ErrorCode.SERVER_ERROR, CqlException.serverError(t).getMessage());
  }
}
