package io.ringsim.cluster.node;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A traced statement's events: the traces of the requests it made, kept by reference and read as one list. A
 * coordinator goes on adding to its request's trace after it has answered (the replicas beyond the consistency
 * level answer later, as Cassandra's replicas go on writing their events to system_traces), so a copy taken at the
 * answer would miss them; this view shows them once they have happened. Each part may grow on the simulation's
 * thread while another thread reads: iteration takes each part's snapshot.
 */
public final class TraceParts extends AbstractList<TraceEvent> {
  private final List<List<TraceEvent>> parts = new CopyOnWriteArrayList<>();

  /** Adds a request's trace (the list itself, not a copy). */
  public void append(List<TraceEvent> part) {
    if (part != null) parts.add(part);
  }

  /** What Cassandra's coordinator traces once for all the mutations of one statement (StorageProxy.mutate). */
  public static final String DETERMINING_REPLICAS = "Determining replicas for mutation";

  /**
   * Adds the trace of a statement's second or later partition write. Cassandra's coordinator determines the replicas
   * of all of a batch's mutations in one step and traces it once, then writes each; ringsim coordinates each
   * partition's write on its own, so this part shows without its own "Determining replicas for mutation".
   */
  public void appendLaterMutation(List<TraceEvent> part) {
    if (part == null) return;
    parts.add(new AbstractList<>() {
      private List<TraceEvent> now() {
        return part.stream().filter(e -> !e.format().equals(DETERMINING_REPLICAS)).toList();
      }

      @Override
      public TraceEvent get(int index) {
        return now().get(index);
      }

      @Override
      public int size() {
        return now().size();
      }

      @Override
      public Iterator<TraceEvent> iterator() {
        return now().iterator();
      }
    });
  }

  /** {@code first}'s parts then {@code next}: a page whose reads came one after another. */
  public static TraceParts of(List<TraceEvent> first, List<TraceEvent> next) {
    TraceParts all = new TraceParts();
    if (first instanceof TraceParts p) all.parts.addAll(p.parts);
    else all.append(first);
    all.append(next);
    return all;
  }

  @Override
  public Iterator<TraceEvent> iterator() {
    List<TraceEvent> now = new ArrayList<>();
    for (List<TraceEvent> p : parts) now.addAll(p);
    return now.iterator();
  }

  @Override
  public TraceEvent get(int index) {
    int i = 0;
    for (TraceEvent e : this) if (i++ == index) return e;
    throw new IndexOutOfBoundsException(index);
  }

  @Override
  public int size() {
    int n = 0;
    for (List<TraceEvent> p : parts) n += p.size();
    return n;
  }
}
