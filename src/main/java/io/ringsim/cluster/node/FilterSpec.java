package io.ringsim.cluster.node;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.ringsim.storage.ClusteringBound;
import io.ringsim.storage.IndexQuery;
import io.ringsim.storage.ReadFilter;
import io.ringsim.storage.Slice;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link ReadFilter} in a form that crosses the wire (plain lists of byte arrays). {@code paged} is left out of
 * the message when false, so the reads of runs that never page serialize to the same bytes as before it existed.
 */
public record FilterSpec(List<SliceSpec> slices, boolean reversed, int limit,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean paged,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean named,
    @JsonInclude(JsonInclude.Include.NON_NULL) IndexQuery index) {

  public FilterSpec(List<SliceSpec> slices, boolean reversed, int limit, boolean paged, boolean named) {
    this(slices, reversed, limit, paged, named, null);
  }

  public record SliceSpec(List<byte[]> start, boolean startInclusive, List<byte[]> end, boolean endInclusive) {}

  public static final FilterSpec ALL = of(ReadFilter.ALL);
  private static final FilterSpec ALL_NAMED = of(ReadFilter.ALL_NAMED);

  public static FilterSpec of(ReadFilter f) {
    // The usual read (a whole partition, or the one row of a table without clustering columns): the same spec every
    // time, not lists built for each request.
    if (ALL_NAMED != null && coversAll(f)) return f.named() ? ALL_NAMED : ALL;
    List<SliceSpec> s = new ArrayList<>();
    for (Slice x : f.slices()) {
      s.add(new SliceSpec(List.of(x.start().prefix()), x.start().inclusive(), List.of(x.end().prefix()),
          x.end().inclusive()));
    }
    return new FilterSpec(s, f.reversed(), f.limit(), f.paged(), f.named(), f.index());
  }

  /** This filter without its index: a single-partition read ({@link ReadCoordinator}) reads its partition by key. */
  public FilterSpec withoutIndex() {
    return index == null ? this : new FilterSpec(slices, reversed, limit, paged, named, null);
  }

  public ReadFilter toFilter() {
    if (isAll()) return named ? ReadFilter.ALL_NAMED : ReadFilter.ALL; // the usual reads: nothing to rebuild
    List<Slice> s = new ArrayList<>();
    for (SliceSpec x : slices) {
      s.add(new Slice(new ClusteringBound(x.start.toArray(new byte[0][]), x.startInclusive),
          new ClusteringBound(x.end.toArray(new byte[0][]), x.endInclusive)));
    }
    return new ReadFilter(s, reversed, limit, paged, named, index);
  }

  /** Whether {@code f} would give {@link #ALL}'s spec, named or not. */
  private static boolean coversAll(ReadFilter f) {
    if (f.slices().size() != 1 || f.reversed() || f.limit() != Integer.MAX_VALUE || f.paged() || f.index() != null)
      return false;
    Slice x = f.slices().get(0);
    return x.start().prefix().length == 0 && x.end().prefix().length == 0 && x.start().inclusive()
        && x.end().inclusive();
  }

  /**
   * Whether this is {@link #ALL}'s filter, named or not (a record of lists of arrays: equals would compare the arrays'
   * identity).
   */
  private boolean isAll() {
    if (slices.size() != 1 || reversed || limit != Integer.MAX_VALUE || paged || index != null) return false;
    SliceSpec x = slices.get(0);
    return x.start.isEmpty() && x.end.isEmpty() && x.startInclusive && x.endInclusive;
  }
}
