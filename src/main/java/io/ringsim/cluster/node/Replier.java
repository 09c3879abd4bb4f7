package io.ringsim.cluster.node;

/** Where a coordinator's answer goes: a client actor, or a client actor with the tag of its request. */
@FunctionalInterface
interface Replier {
  void reply(ClientResponse response);
}
