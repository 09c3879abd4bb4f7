package io.ringsim.cql;

import java.util.Objects;

/** A CQL request failure as a client sees it: the protocol error class and Cassandra's message. */
public class CqlException extends RuntimeException {
    private final CqlErrorClass errorClass;

    public CqlException(CqlErrorClass errorClass, String message) {
        super(message);
        this.errorClass = Objects.requireNonNull(errorClass, "errorClass");
    }

    /**
     * A failure inside the server (a bug, or an input no check caught) as Cassandra reports it: SERVER_ERROR whose
     * message is the exception's {@code toString()}, e.g. {@code java.lang.NumberFormatException: ...}.
     */
    public static CqlException serverError(Throwable t) {
        return new CqlException(CqlErrorClass.ServerError, t.toString());
    }

    public CqlErrorClass errorClass() {
        return errorClass;
    }
}
