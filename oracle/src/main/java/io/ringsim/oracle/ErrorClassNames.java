package io.ringsim.oracle;

import org.apache.cassandra.exceptions.ExceptionCode;

/** The error class names of shared/cql/README.md for Cassandra's protocol error codes. */
final class ErrorClassNames {
  private ErrorClassNames() {}

  static String of(ExceptionCode code) {
    return switch (code) {
      case SYNTAX_ERROR -> "SyntaxError";
      case INVALID -> "InvalidRequest";
      case CONFIG_ERROR -> "ConfigurationError";
      case ALREADY_EXISTS -> "AlreadyExists";
      case UNAUTHORIZED -> "Unauthorized";
      case UNAVAILABLE -> "Unavailable";
      case OVERLOADED -> "Overloaded";
      case IS_BOOTSTRAPPING -> "IsBootstrapping";
      case TRUNCATE_ERROR -> "TruncateError";
      case WRITE_TIMEOUT -> "WriteTimeout";
      case READ_TIMEOUT -> "ReadTimeout";
      case READ_FAILURE -> "ReadFailure";
      case WRITE_FAILURE, CDC_WRITE_FAILURE -> "WriteFailure";
      case FUNCTION_FAILURE -> "FunctionFailure";
      case CAS_WRITE_UNKNOWN -> "CASWriteUnknown";
      case SERVER_ERROR -> "ServerError";
      case PROTOCOL_ERROR -> "ProtocolError";
      case BAD_CREDENTIALS -> "AuthenticationError";
      case UNPREPARED -> "Unprepared";
    };
  }
}
