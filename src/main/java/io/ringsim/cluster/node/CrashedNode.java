package io.ringsim.cluster.node;

import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Receive;
import io.ringsim.cluster.MessageDispatch;
import io.ringsim.storage.ReplayReport;

/**
 * A node whose process is down. It obeys the harness ({@link NodeControl}: schema, ring, reports, ...), answers
 * repair and streaming requests with nothing done, and drops everything else, as a dead process would: messages from
 * other nodes, client requests (their clients time out), gossip news and the timers of requests it lost. Restart
 * brings back the running behaviour it crashed from.
 */
final class CrashedNode extends AbstractBehavior<NodeCommand> {
  private final NodeControl control;
  private final NodeContext node;
  private final Behavior<NodeCommand> running;

  CrashedNode(ActorContext<NodeCommand> ctx, NodeContext node, NodeControl control, Behavior<NodeCommand> running) {
    super(ctx);
    this.node = node;
    this.control = control;
    this.running = running;
  }

  @Override
  public Receive<NodeCommand> createReceive() {
    return control.handle(MessageDispatch.builder(), this, false)
        .onMessage(NodeCommand.Restart.class, r -> {
          ReplayReport report = control.restart();
          if (r.replyTo() != null) r.replyTo().tell(new NodeCommand.Restarted(report));
          return running;
        })
        .onMessage(NodeCommand.Repair.class, r -> {
          r.replyTo().tell(new NodeCommand.RepairResult(node.name(), 0, 0, 0, 0, 0));
          return this;
        })
        .onMessage(NodeCommand.StreamTo.class, s -> {
          s.replyTo().tell(new NodeCommand.Streamed(0));
          return this;
        })
        .onMessage(NodeCommand.Inbound.class, in -> {
          // Gossip is not in the trace: only node messages can be marked as dropped.
          if (in.payload() instanceof NodeMessage)
            node.trace.droppedByCrashedNode(node.loopNanos(), in.from(), node.name());
          return this;
        })
        .onAnyMessage(m -> this)
        .build();
  }
}
