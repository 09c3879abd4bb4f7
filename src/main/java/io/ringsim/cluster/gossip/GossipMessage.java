package io.ringsim.cluster.gossip;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.ringsim.cluster.CborSerializable;

/**
 * What gossipers send each other over the network: a digest exchange after Cassandra's.
 *
 * <p>Cassandra's round is three messages: a SYN with a digest per endpoint (generation, highest version), an ACK with
 * the states the SYN's sender lacks and digests of those the ACK's sender wants, and an ACK2 with those. In ringsim an
 * endpoint's state is its heartbeat alone, so a digest is the whole state: the receiver of a {@link Syn} takes every
 * digest newer than what it knows as news, exactly as it would take the state itself, and needs to ask for nothing;
 * an ACK2 would always be empty, so there is none. The {@link Ack} carries only the heartbeats its receiver lacks,
 * those newer than the Syn's digests. Both sides learn what they learnt when every message carried the sender's whole
 * view, at the same instants, so failure detection times are unchanged; only the Ack got smaller (and every message
 * became two arrays instead of a map of objects).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME)
@JsonSubTypes({
  @JsonSubTypes.Type(value = GossipMessage.Syn.class, name = "syn"),
  @JsonSubTypes.Type(value = GossipMessage.Ack.class, name = "ack"),
  @JsonSubTypes.Type(value = GossipMessage.Echo.class, name = "echo"),
  @JsonSubTypes.Type(value = GossipMessage.EchoReply.class, name = "echo-reply")
})
public sealed interface GossipMessage extends CborSerializable {

  /** Opens a round: the digest of every endpoint the sender has heard of, itself included. */
  record Syn(Heartbeats digests) implements GossipMessage {}

  /** Answers a Syn: the heartbeats the receiver knows newer than the Syn's digests (or that the Syn lacked). */
  record Ack(Heartbeats newer) implements GossipMessage {}

  /**
   * Before marking a node seen down as up again, a gossiper pings it directly, as Cassandra's markAlive does: news
   * heard second-hand may be old, only an answer from the node itself proves it is back.
   */
  record Echo() implements GossipMessage {}

  record EchoReply() implements GossipMessage {}
}
