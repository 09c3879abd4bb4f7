/**
 * The checker's model at Cassandra's granularity: cells, deletions, and what each operation wrote and saw.
 */
package io.ringsim.sim.cells;
