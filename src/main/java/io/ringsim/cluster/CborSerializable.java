package io.ringsim.cluster;

/**
 * Marker for every message that may cross from one simulated node to another (and, in scale-out mode, from one JVM to
 * another). Bound to Akka's Jackson CBOR serializer in config/application.conf; tests run with serialize-messages on,
 * so a message that cannot be serialized fails in the test suite, not in a cluster.
 */
public interface CborSerializable {}
