package io.ringsim.cluster.time;

import akka.actor.ActorRef;
import akka.actor.ActorSystem;
import akka.dispatch.Envelope;
import akka.dispatch.MailboxType;
import akka.dispatch.MessageQueue;
import akka.dispatch.ProducesMessageQueue;
import akka.dispatch.UnboundedMessageQueueSemantics;
import com.typesafe.config.Config;
import java.util.ArrayDeque;
import scala.Option;

/**
 * The actors' mailbox in simulation mode ({@code akka.actor.default-mailbox}): a plain queue for the messages the
 * loop's own thread sends (every message between actors), and a locked one for those from other threads (a driver,
 * a test, a client connection), moved over in order when the owner next takes a message.
 *
 * <p>Why: only the loop's thread ever takes messages, and it sends almost all of them, yet Akka's default queue pays
 * an atomic exchange and a node object for each one (its add and poll were about 5% of a simulated QUORUM read's
 * simulation thread, async-profiler; with this queue ClusterWriteBench's reads go 4-7% faster, and its bare Akka
 * patterns, on the same loop, about as much). A message from another thread can only reach an actor while that thread races the loop, which a
 * deterministic run never lets happen (a driver sends while the loop is idle): such messages keep their own order,
 * and come after what the loop's thread had queued before they were moved.
 */
public final class SimulationMailbox implements MailboxType, ProducesMessageQueue<SimulationMailbox.Queue> {

  /** Akka instantiates mailbox types reflectively with exactly this constructor. */
  public SimulationMailbox(ActorSystem.Settings settings, Config config) {}

  @Override
  public MessageQueue create(Option<ActorRef> owner, Option<ActorSystem> system) {
    SimulationLoop loop = system.isDefined() && system.get().scheduler() instanceof VirtualTimeScheduler vts
        ? vts.loop() : null;
    return new Queue(loop);
  }

  /** One actor's messages. */
  public static final class Queue implements MessageQueue, UnboundedMessageQueueSemantics {
    /** Null when the system has no loop: then every message takes the locked path. */
    private final SimulationLoop loop;
    /** Touched only by the loop's thread. */
    private final ArrayDeque<Envelope> local = new ArrayDeque<>();
    /** Guarded by itself. */
    private final ArrayDeque<Envelope> foreign = new ArrayDeque<>();
    private volatile boolean hasForeign;

    Queue(SimulationLoop loop) {
      this.loop = loop;
    }

    @Override
    public void enqueue(ActorRef receiver, Envelope handle) {
      if (loop != null && loop.onLoopThread()) {
        local.addLast(handle);
        return;
      }
      synchronized (foreign) {
        foreign.addLast(handle);
        hasForeign = true;
      }
    }

    @Override
    public Envelope dequeue() {
      if (hasForeign) moveForeign();
      return local.pollFirst();
    }

    private void moveForeign() {
      synchronized (foreign) {
        local.addAll(foreign);
        foreign.clear();
        hasForeign = false;
      }
    }

    @Override
    public int numberOfMessages() {
      if (hasForeign) {
        synchronized (foreign) {
          return local.size() + foreign.size();
        }
      }
      return local.size();
    }

    /** A hint, as in Akka's own queues: another thread may see the loop's part of the queue a little late. */
    @Override
    public boolean hasMessages() {
      return hasForeign || !local.isEmpty();
    }

    @Override
    public void cleanUp(ActorRef owner, MessageQueue deadLetters) {
      for (Envelope e = dequeue(); e != null; e = dequeue()) deadLetters.enqueue(owner, e);
    }
  }
}
