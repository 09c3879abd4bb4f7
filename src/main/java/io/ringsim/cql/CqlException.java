package io.ringsim.cql;

import java.util.Objects;

/** A CQL request failure as a client sees it: the protocol error class and Cassandra's message. */
public class CqlException extends RuntimeException {
    private final CqlErrorClass errorClass;

    public CqlException(CqlErrorClass errorClass, String message) {
        super(message);
        this.errorClass = Objects.requireNonNull(errorClass, "errorClass");
    }

    public CqlErrorClass errorClass() {
        return errorClass;
    }
}
