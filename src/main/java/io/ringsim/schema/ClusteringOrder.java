package io.ringsim.schema;

/** WITH CLUSTERING ORDER BY direction of one clustering column. */
public enum ClusteringOrder {
  ASC,
  DESC
}
