package io.ringsim.cql;

/** The CQL native-protocol error classes, spelled as Cassandra (and the shared expected.jsonl files) name them. */
public enum CqlErrorClass {
    SyntaxError, InvalidRequest, ConfigurationError, AlreadyExists, Unauthorized, Unavailable, Overloaded,
    IsBootstrapping, TruncateError, WriteTimeout, ReadTimeout, ReadFailure, WriteFailure, FunctionFailure,
    CASWriteUnknown, ServerError
}
