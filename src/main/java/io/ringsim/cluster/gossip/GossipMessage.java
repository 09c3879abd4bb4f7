package io.ringsim.cluster.gossip;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.ringsim.cluster.CborSerializable;
import java.util.SortedMap;

/**
 * What gossipers send each other over the network. A round is a Syn carrying everything the sender knows, answered by
 * an Ack carrying everything the receiver knows, so both sides learn in one exchange (Cassandra's three-message
 * digest exchange collapsed into two full-state messages: the same spread, simpler to follow in a trace).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME)
@JsonSubTypes({
  @JsonSubTypes.Type(value = GossipMessage.Syn.class, name = "syn"),
  @JsonSubTypes.Type(value = GossipMessage.Ack.class, name = "ack"),
  @JsonSubTypes.Type(value = GossipMessage.Echo.class, name = "echo"),
  @JsonSubTypes.Type(value = GossipMessage.EchoReply.class, name = "echo-reply")
})
public sealed interface GossipMessage extends CborSerializable {

  record Syn(SortedMap<String, HeartbeatState> states) implements GossipMessage {}

  record Ack(SortedMap<String, HeartbeatState> states) implements GossipMessage {}

  /**
   * Before marking a node seen down as up again, a gossiper pings it directly, as Cassandra's markAlive does: news
   * heard second-hand may be old, only an answer from the node itself proves it is back.
   */
  record Echo() implements GossipMessage {}

  record EchoReply() implements GossipMessage {}
}
