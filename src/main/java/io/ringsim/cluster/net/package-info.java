/**
 * The simulated network between nodes: latency, loss, partitions and the trace of every message.
 */
package io.ringsim.cluster.net;
