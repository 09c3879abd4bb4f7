package io.ringsim.cluster.net;

import akka.actor.NoSerializationVerificationNeeded;
import io.ringsim.cluster.CborSerializable;

/**
 * A message arriving at a node from the network, with the name of the node that sent it. The envelope itself stays
 * local; its payload is what crosses nodes, and the network serializes that when asked to (see SimulatedNetwork).
 */
public record Delivery(String from, CborSerializable payload) implements NoSerializationVerificationNeeded {}
