package io.ringsim.cluster.time;

import java.util.ArrayDeque;
import java.util.concurrent.ThreadFactory;
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
 */
public final class SimulationLoop {

  /** Tasks submitted by the loop thread itself (almost all of them): touched only by that thread, so no lock. */
  private final ArrayDeque<Runnable> localTasks = new ArrayDeque<>();
  /** Tasks submitted from other threads (the driver, test code): guarded by the monitor. */
  private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
  /**
   * How many {@link #tasks} wait, guarded by the monitor: the loop checks this field of its own object before every
   * timer instead of the queue, which is almost always empty and, touched that rarely, a cache miss each time.
   */
  private int foreignTasks;
  private final TimerQueue timers = new TimerQueue();
  /** Written only by the loop thread (under the monitor); volatile so that nodes read it without taking the lock. */
  private volatile long nowNanos;
  private long limitNanos;
  private long timerSeq;
  private boolean idleAtLimit = true;
  private boolean stopped;
  private volatile Thread thread;
  private Consumer<Throwable> failureHandler = t -> t.printStackTrace();
  private long tasksRun;

  /** Virtual nanoseconds since the simulation started. */
  public long nowNanos() {
    return nowNanos;
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

  public synchronized void onFailure(Consumer<Throwable> handler) {
    this.failureHandler = handler;
  }

  /** Number of tasks (mailbox runs and timer callbacks) executed so far: a cheap progress measure. */
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
      if (++foreignTasks == 1) notifyAll();
    }
  }

  synchronized VirtualTimer schedule(long delayNanos, long intervalNanos, Runnable task) {
    VirtualTimer t = new VirtualTimer(this, nowNanos + Math.max(0, delayNanos), intervalNanos, timerSeq++, task);
    if (!stopped) timers.add(t, Math.max(0, delayNanos));
    return t;
  }

  /**
   * Runs {@code task} on the loop thread once virtual time has advanced by {@code delayNanos}: a timer without Akka's
   * scheduler around it, for the simulated network's deliveries (one per message). Same place among the events as
   * a timer scheduled through Akka at this instant.
   */
  public synchronized void runAfter(long delayNanos, Runnable task) {
    // No timer object: nothing cancels or repeats a delivery (an object per message, and a volatile write when it
    // fired, for nothing).
    long seq = timerSeq++;
    if (!stopped) timers.addTask(task, nowNanos + Math.max(0, delayNanos), seq);
  }

  /** Cancelling only marks the timer (the caller has done so); the queue drops it when it comes up. */
  synchronized boolean cancel(VirtualTimer t) {
    timers.cancelled(t);
    return true;
  }

  /**
   * Lets the simulation run until virtual time reaches {@code untilNanos} with nothing left to do before it, then
   * returns. Blocks the calling thread (the driver), never the loop.
   */
  public synchronized void runUntil(long untilNanos) throws InterruptedException {
    if (Thread.currentThread() == thread) throw new IllegalStateException("runUntil called from the simulation thread");
    if (untilNanos < nowNanos) return;
    limitNanos = untilNanos;
    idleAtLimit = false;
    notifyAll();
    while (!idleAtLimit && !stopped) wait();
  }

  private java.util.function.BooleanSupplier stopWhen;

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

  synchronized void stop() {
    stopped = true;
    tasks.clear();
    foreignTasks = 0;
    // localTasks belongs to the loop thread, which sees `stopped` and ends without running them.
    timers.clear();
    notifyAll();
  }

  private void loop() {
    long localRun = 0;
    while (true) {
      Runnable next = localTasks.pollFirst();
      if (next == null) {
        synchronized (this) {
          tasksRun += localRun;
          localRun = 0;
          next = nextTask();
          if (next == null) return;
        }
      }
      localRun++;
      try {
        next.run();
      } catch (Throwable t) {
        Consumer<Throwable> h;
        synchronized (this) {
          h = failureHandler;
        }
        h.accept(t);
      }
    }
  }

  /**
   * Called with the monitor held once the loop thread's own queue is empty: the next thing to run, advancing virtual
   * time when idle; null once stopped. Tasks from other threads go first, then due timers.
   */
  private Runnable nextTask() {
    while (true) {
      if (stopped) return null;
      if (foreignTasks > 0) {
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
      Object next = timers.peek();
      if (next != null && timers.peekedDue() <= limitNanos) {
        long due = timers.peekedDue();
        timers.remove(next);
        nowNanos = Math.max(nowNanos, due);
        if (!(next instanceof VirtualTimer t)) return (Runnable) next; // a bare task (runAfter)
        if (t.intervalNanos > 0) {
          t.reschedule(nowNanos + t.intervalNanos, timerSeq++);
          timers.add(t, t.intervalNanos);
        } else {
          t.markFired();
        }
        return t.task;
      }
      nowNanos = Math.max(nowNanos, limitNanos);
      if (!idleAtLimit) {
        idleAtLimit = true;
        notifyAll();
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
