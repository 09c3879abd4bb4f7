package io.ringsim.cluster.member;

import akka.actor.Address;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import akka.cluster.ClusterEvent;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.Subscribe;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * A driver's view of the member JVMs, as a client driver's connection pool has one: when Akka marks a member
 * unreachable (or it leaves or is downed) the simulated nodes it hosts stop being used as coordinators; when it is
 * reachable again they come back.
 */
public final class MemberWatcher {
  private MemberWatcher() {}

  /**
   * @param nodesByMember the simulated nodes each member hosts
   * @param onChange called (on this actor) with the nodes of a member and whether they are now usable
   */
  public static Behavior<Object> create(Map<Address, List<String>> nodesByMember,
      BiConsumer<List<String>, Boolean> onChange) {
    return Behaviors.setup(ctx -> {
      Cluster cluster = Cluster.get(ctx.getSystem());
      cluster.subscriptions().tell(Subscribe.create(ctx.getSelf().narrow(), ClusterEvent.ReachabilityEvent.class));
      cluster.subscriptions().tell(Subscribe.create(ctx.getSelf().narrow(), ClusterEvent.MemberEvent.class));
      java.util.Set<Address> gone = new java.util.HashSet<>();
      return Behaviors.receiveMessage(msg -> {
        Address a = null;
        Boolean up = null;
        if (msg instanceof ClusterEvent.UnreachableMember u) {
          a = u.member().address();
          up = false;
        } else if (msg instanceof ClusterEvent.ReachableMember r && !gone.contains(r.member().address())) {
          a = r.member().address();
          up = true;
        } else if (msg instanceof ClusterEvent.MemberRemoved || msg instanceof ClusterEvent.MemberDowned
            || msg instanceof ClusterEvent.MemberExited || msg instanceof ClusterEvent.MemberLeft) {
          a = ((ClusterEvent.MemberEvent) msg).member().address();
          up = false;
          if (!gone.add(a)) return Behaviors.same();
        }
        List<String> nodes = a == null ? null : nodesByMember.get(a);
        if (nodes != null && !nodes.isEmpty()) onChange.accept(nodes, up);
        return Behaviors.same();
      });
    });
  }
}
