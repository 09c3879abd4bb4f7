package io.ringsim.cluster.time;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * The heart of simulation mode: one thread runs every actor and every timer of an ActorSystem, in virtual time.
 *
 * <p>Tasks (Akka mailboxes) run in FIFO order. When no task is left the whole system is quiescent — nothing can
 * happen until a timer fires — so the loop jumps the virtual clock straight to the earliest pending timer and runs
 * it. Timers that fall due at the same instant fire in the order they were scheduled. With one thread, FIFO tasks and
 * ordered timers, a run is fully determined by its inputs and seed, and idle virtual time costs nothing.
 *
 * <p>A driver (the scenario runner, on another thread) calls {@link #runUntil(long)}: the loop advances at most to
 * that instant, then reports idle and waits for the next limit.
 *
 * <p>Paced ({@link #pacedBy}: a served cluster, `run --live`), the loop drives itself: whenever it runs out of work it
 * moves its limit to its {@link Pace}'s target, runs the timers due by then, then takes the tasks other threads
 * queued (a client's request enters virtual time at the instant it arrives), and sleeps until its next timer falls
 * due by the pace's clock or until another thread queues work. A request then waits for exactly its simulated time,
 * with no thread between it and the clock.
 */
public final class SimulationLoop {

  /** Tasks submitted by the loop thread itself (almost all of them): touched only by that thread, so no lock. */
  private final ArrayDeque<Runnable> localTasks = new ArrayDeque<>();
  /** Tasks submitted from other threads (the driver, test code): guarded by the monitor. */
  private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
  /**
   * How many {@link #tasks} wait (written under the monitor): the loop reads this field of its own object before
   * every timer, without the lock, instead of the queue, which is almost always empty and, touched that rarely, a
   * cache miss each time.
   */
  private volatile int foreignTasks;
  /**
   * The pending timers: touched only by the loop thread, so without a lock. Another thread's timer (an ask's timeout
   * from a driver thread, Akka's own housekeeping) or cancellation waits in {@link #incoming} until the loop's next
   * look at its timers, which is the first moment it could have mattered.
   */
  private final TimerQueue timers = new TimerQueue();
  /** Other threads' timers and cancellations, in the order they were made; guarded by the monitor. */
  private final ArrayDeque<Object> incoming = new ArrayDeque<>();
  /** How many entries {@link #incoming} holds (written under the monitor, read by the loop without it). */
  private volatile int incomingCount;
  /**
   * Virtual now. Written only by the loop thread, with release semantics (no fence per event: each timer moves it);
   * nodes and drivers read it without the lock.
   */
  private volatile long nowNanos;
  /** How far the driver lets virtual time run; written under the monitor, read by the loop without it. */
  private volatile long limitNanos;
  /** The loop thread's own count of timers scheduled: their order among timers due at the same instant. */
  private long timerSeq;
  private volatile boolean idleAtLimit = true;
  private volatile boolean stopped;
  private volatile Thread thread;
  private volatile Consumer<Throwable> failureHandler = t -> t.printStackTrace();
  /** The clock the loop follows by itself; null when a driver moves it with {@link #runUntil}. */
  private volatile Pace pace;
  /** What {@link #nextTask} returns for "sleep {@link #sleepNanos}, then look again" (paced mode). */
  private static final Runnable SLEEP = () -> { };
  /** How long the paced loop sleeps next (loop thread only). */
  private long sleepNanos;
  /** Tasks run, published under the monitor whenever the loop goes idle (and read under it). */
  private long tasksRun;
  private long tasksRunUnpublished;

  private static final VarHandle NOW;

  static {
    try {
      NOW = MethodHandles.lookup().findVarHandle(SimulationLoop.class, "nowNanos", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Virtual nanoseconds since the simulation started. */
  public long nowNanos() {
    return nowNanos;
  }

  private void advanceTo(long due) {
    if (due > nowNanos) NOW.setRelease(this, due);
  }

  /** Whether the caller is the loop's own thread (the one that runs every actor). */
  public boolean onLoopThread() {
    return Thread.currentThread() == thread;
  }

  /** Starts the loop thread (called once, by the executor Akka creates for the simulation dispatcher). */
  synchronized void start(ThreadFactory factory) {
    if (thread != null) return;
    thread = factory.newThread(this::loop);
    thread.setName("ringsim-simulation");
    thread.setDaemon(true);
    thread.start();
  }

  public void onFailure(Consumer<Throwable> handler) {
    this.failureHandler = handler;
  }

  /**
   * Makes the loop follow {@code p} by itself (see the class comment); null hands it back to {@link #runUntil}
   * drivers, with virtual time where the pace left it. {@link #runUntil} still works while paced (a control command's
   * settle): it returns once the loop has nothing left to do up to that instant.
   */
  public synchronized void pacedBy(Pace p) {
    pace = p;
    wake();
  }

  /**
   * Wakes the loop thread wherever it waits: on the monitor (the caller holds it), or asleep while paced (a permit
   * left while it does not sleep only ends its next sleep early, which is harmless).
   */
  private void wake() {
    notifyAll();
    Thread t = thread;
    if (t != null) LockSupport.unpark(t);
  }

  /**
   * Number of tasks (mailbox runs and timer callbacks) executed up to the loop's last pause (it publishes the count
   * whenever it takes its monitor: going idle at the driver's limit, or taking in another thread's work).
   */
  public synchronized long tasksRun() {
    return tasksRun;
  }

  void execute(Runnable task) {
    if (Thread.currentThread() == thread) {
      localTasks.addLast(task);
      return;
    }
    synchronized (this) {
      if (stopped) return;
      tasks.addLast(task);
      if (++foreignTasks == 1) wake();
    }
  }

  /**
   * Another thread's timer (a {@link VirtualTimer}) or bare task (see {@link #runAfter}), waiting to be queued: its
   * delay counts from the loop's now when it is queued.
   */
  private record Incoming(Object timerOrTask, long delayNanos) {}

  VirtualTimer schedule(long delayNanos, long intervalNanos, Runnable task) {
    long delay = Math.max(0, delayNanos);
    if (Thread.currentThread() != thread) {
      VirtualTimer t = new VirtualTimer(this, nowNanos + delay, intervalNanos, -1, task);
      fromOtherThread(new Incoming(t, delay));
      return t;
    }
    VirtualTimer t = new VirtualTimer(this, nowNanos + delay, intervalNanos, timerSeq++, task);
    if (!stopped) timers.add(t, delay);
    return t;
  }

  /**
   * A timer that runs {@code task} on the loop's thread after {@code delayNanos}: what {@link VirtualTimeScheduler}
   * makes of Akka's {@code scheduleOnce} for a task run where the timer fires (the parasitic executor), for a caller
   * that knows it runs in a simulation and need not go through Akka's scheduler adapters (a node's request timers).
   */
  public akka.actor.Cancellable scheduleOnce(long delayNanos, Runnable task) {
    return schedule(delayNanos, 0, task);
  }

  /**
   * Runs {@code task} on the loop thread once virtual time has advanced by {@code delayNanos}: a timer without Akka's
   * scheduler around it, for the simulated network's deliveries (one per message). Same place among the events as
   * a timer scheduled through Akka at this instant.
   */
  public void runAfter(long delayNanos, Runnable task) {
    if (Thread.currentThread() != thread) {
      fromOtherThread(new Incoming(task, Math.max(0, delayNanos)));
      return;
    }
    // No timer object: nothing cancels or repeats a delivery (an object per message, and a volatile write when it
    // fired, for nothing).
    if (!stopped) timers.addTask(task, nowNanos + Math.max(0, delayNanos), timerSeq++);
  }

  /**
   * Like {@link #runAfter(long, Runnable)}, for a task that is due no earlier than every task queued before it on
   * {@code fifo} (a FIFO network link's deliveries): the timer heap then holds the fifo's earliest task only (see
   * {@link TaskFifo}). Same place among the events as {@link #runAfter(long, Runnable)} gives it.
   */
  public void runAfter(TaskFifo fifo, long delayNanos, Runnable task) {
    if (Thread.currentThread() != thread) {
      runAfter(delayNanos, task);
      return;
    }
    if (!stopped) timers.addTask(fifo, task, nowNanos + Math.max(0, delayNanos), timerSeq++);
  }

  /** Cancelling only marks the timer (the caller has done so); the queue drops it when it comes up. */
  boolean cancel(VirtualTimer t) {
    if (Thread.currentThread() != thread) {
      fromOtherThread(t);
      return true;
    }
    if (incomingCount > 0) {
      synchronized (this) {
        takeIncoming(); // the timer may be another thread's, not queued yet
      }
    }
    timers.cancelled(t);
    return true;
  }

  private synchronized void fromOtherThread(Object timerOrCancel) {
    if (stopped) return;
    incoming.addLast(timerOrCancel);
    incomingCount = incoming.size();
    // Paced, the loop sleeps until its earliest timer: a sooner one from another thread must wake it.
    if (pace != null) wake();
  }

  /** Queues other threads' timers and cancellations, in their order (loop thread, monitor held). */
  private void takeIncoming() {
    for (Object o; (o = incoming.pollFirst()) != null; ) {
      if (!(o instanceof Incoming in)) {
        timers.cancelled((VirtualTimer) o);
      } else if (in.timerOrTask() instanceof VirtualTimer t) {
        t.reschedule(nowNanos + in.delayNanos(), timerSeq++);
        timers.add(t, in.delayNanos());
      } else {
        timers.addTask((Runnable) in.timerOrTask(), nowNanos + in.delayNanos(), timerSeq++);
      }
    }
    incomingCount = 0;
  }

  /**
   * Lets the simulation run until virtual time reaches {@code untilNanos} with nothing left to do before it, then
   * returns. Blocks the calling thread (the driver), never the loop. An instant the loop has already passed (a paced
   * loop moves on between a driver's reading of nowNanos() and this call) means "now": the work already queued is
   * still done before this returns.
   */
  public synchronized void runUntil(long untilNanos) throws InterruptedException {
    if (Thread.currentThread() == thread) throw new IllegalStateException("runUntil called from the simulation thread");
    limitNanos = Math.max(untilNanos, nowNanos);
    idleAtLimit = false;
    wake();
    while (!idleAtLimit && !stopped) wait();
  }

  private volatile java.util.function.BooleanSupplier stopWhen;

  /**
   * Like {@link #runUntil}, but stops as soon as {@code done} holds once the work due at the current instant is
   * finished, without advancing virtual time further: a driver waiting for an answer sees it at the exact virtual
   * instant it was produced, whatever the thread timing, so runs stay reproducible.
   */
  public synchronized void runUntil(long untilNanos, java.util.function.BooleanSupplier done)
      throws InterruptedException {
    stopWhen = done;
    try {
      runUntil(untilNanos);
    } finally {
      stopWhen = null;
    }
  }

  /** Runs until nothing is pending up to the current virtual time (lets already-sent messages be processed). */
  public void settle() throws InterruptedException {
    runUntil(nowNanos());
  }

  /** Stops the loop: it runs nothing more, and its thread ends (and drops what was queued). */
  synchronized void stop() {
    stopped = true;
    tasks.clear();
    foreignTasks = 0;
    incoming.clear();
    incomingCount = 0;
    // localTasks and the timers belong to the loop thread, which sees `stopped` and ends without running them.
    wake();
  }

  private void loop() {
    while (true) {
      Runnable next = localTasks.pollFirst();
      if (next == null) next = dueTimer();
      if (next == null) {
        synchronized (this) {
          next = nextTask();
        }
        if (next == null) {
          timers.clear();
          return;
        }
        if (next == SLEEP) {
          // Outside the monitor, so other threads can queue work; their wake() leaves a permit if it comes first.
          if (sleepNanos > 0) LockSupport.parkNanos(this, sleepNanos);
          continue;
        }
      }
      tasksRunUnpublished++;
      try {
        next.run();
      } catch (Throwable t) {
        failureHandler.accept(t);
      }
    }
  }

  /**
   * Without the monitor: the next due timer's task when nothing else can come first (no other thread's task, timer
   * or cancellation waiting, no driver's stop condition met, not stopped); null sends the loop to {@link #nextTask},
   * which decides under the monitor. Almost every event of a busy simulation is taken here.
   */
  private Runnable dueTimer() {
    if (foreignTasks > 0 && pace == null || incomingCount > 0 || stopped) return null;
    java.util.function.BooleanSupplier stop = stopWhen;
    if (stop != null && !idleAtLimit && stop.getAsBoolean()) return null;
    return takeDueTimer();
  }

  /** The earliest timer's task if it is due by the limit (taken off the queue, the clock moved to it), else null. */
  private Runnable takeDueTimer() {
    Object next = timers.peek();
    if (next == null) return null;
    long due = timers.peekedDue();
    if (due > limitNanos) return null;
    next = timers.remove(next);
    advanceTo(due);
    if (!(next instanceof VirtualTimer t)) return (Runnable) next; // a bare task (runAfter)
    if (t.intervalNanos > 0) {
      t.reschedule(nowNanos + t.intervalNanos, timerSeq++);
      timers.add(t, t.intervalNanos);
    } else {
      t.markFired();
    }
    return t.task;
  }

  /**
   * Called with the monitor held once the loop thread's own queue is empty and no timer could be taken without it:
   * the next thing to run, advancing virtual time when idle; null once stopped. Tasks from other threads go first,
   * then due timers. Paced, the limit first moves to the pace's target, and other threads' tasks go once virtual time
   * has reached it; {@link #SLEEP} when nothing is left to do before the next timer.
   */
  private Runnable nextTask() {
    tasksRun += tasksRunUnpublished;
    tasksRunUnpublished = 0;
    while (true) {
      if (stopped) return null;
      if (incomingCount > 0) takeIncoming();
      Pace p = pace;
      if (foreignTasks > 0 && p == null) {
        foreignTasks--;
        return tasks.pollFirst();
      }
      if (stopWhen != null && !idleAtLimit && stopWhen.getAsBoolean()) {
        // Stop here: the clock must not run on towards the old limit while the driver is not waiting.
        limitNanos = nowNanos;
        idleAtLimit = true;
        notifyAll();
        try {
          wait();
        } catch (InterruptedException e) {
          stopped = true;
          Thread.currentThread().interrupt();
          return null;
        }
        continue;
      }
      // Paced, the limit follows the pace, except while a driver waits in runUntil (a fault's settle): the loop first
      // reaches that driver's limit and reports idle there, or a loop behind the wall clock would never let it go.
      if (p != null && idleAtLimit) limitNanos = Math.max(limitNanos, p.target());
      Runnable timer = takeDueTimer();
      if (timer != null) return timer;
      advanceTo(limitNanos);
      if (p != null && foreignTasks > 0) {
        foreignTasks--;
        return tasks.pollFirst();
      }
      if (!idleAtLimit) {
        idleAtLimit = true;
        notifyAll();
      }
      if (p != null) {
        // 0 when the next timer is due already (the target has moved past it): look again at once, but outside the
        // monitor, so that other threads are never shut out by a loop that keeps finding work.
        sleepNanos = Math.max(0, p.nanosUntil(timers.peek() == null ? Long.MAX_VALUE : timers.peekedDue()));
        return SLEEP;
      }
      try {
        wait();
      } catch (InterruptedException e) {
        stopped = true;
        Thread.currentThread().interrupt();
        return null;
      }
    }
  }
}
