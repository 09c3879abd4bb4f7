package io.ringsim.cql.udf.api;

/**
 * A tuple value as a Java UDF sees it (Cassandra's copy of the driver's TupleValue): components read and written by
 * position, {@code (1,'a',NULL)} as its text. Created by {@code udfContext.newReturnTupleValue()} and the like.
 */
public final class TupleValue extends IndexedData<TupleValue> {
  private final DriverType type;

  TupleValue(DriverType type) {
    super(type.components().size());
    this.type = type;
  }

  /** This value's tuple type. */
  DriverType type() {
    return type;
  }

  @Override
  DriverType typeAt(int i) {
    int n = type.components().size();
    // The driver's component list is Guava's ImmutableList: its message, not an array's.
    if (i < 0) throw new IndexOutOfBoundsException("index (" + i + ") must not be negative");
    if (i >= n) throw new IndexOutOfBoundsException("index (" + i + ") must be less than size (" + n + ")");
    return type.components().get(i);
  }

  @Override
  String nameAt(int i) {
    return "component " + i;
  }

  TupleValue copy() {
    TupleValue t = new TupleValue(type);
    for (int i = 0; i < values.length; i++) t.values[i] = Values.copy(values[i]);
    return t;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TupleValue t && t.type.sameShape(type) && sameValues(t);
  }

  @Override
  public String toString() {
    return "(" + formatValues(false) + ")";
  }
}
