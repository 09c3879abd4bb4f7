/**
 * {@code ringsim model}: a scenario's tables predicted from its workloads, measured in ringsim's storage engine,
 * judged (large, hot, unbounded partitions; filtering and multi-partition queries) with verified suggestions.
 */
package io.ringsim.sim.model;
