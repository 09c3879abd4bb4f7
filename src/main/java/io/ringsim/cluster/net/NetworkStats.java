package io.ringsim.cluster.net;

/**
 * What the simulated network did: messages sent, delivered (or in flight), dropped by random loss, by a partition, or
 * for want of a receiver; and the payload bytes serialized (0 unless payload serialization is on).
 */
public record NetworkStats(
    long sent,
    long delivered,
    long lostRandomly,
    long droppedByPartition,
    long undeliverable,
    long bytesSerialized) implements akka.actor.NoSerializationVerificationNeeded {}
