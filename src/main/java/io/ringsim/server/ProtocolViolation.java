package io.ringsim.server;

/**
 * A request that breaks the native protocol itself (an unknown consistency code, bytes that are no paging state):
 * the only failure answered with PROTOCOL_ERROR, which drivers take as a broken connection and close it. Anything
 * else that goes wrong inside ringsim answers its own request (SERVER_ERROR, or the error Cassandra gives for that
 * input) and keeps the connection, so it must not be an IllegalArgumentException mapped to PROTOCOL_ERROR.
 */
final class ProtocolViolation extends RuntimeException {
  ProtocolViolation(String message) {
    super(message);
  }
}
