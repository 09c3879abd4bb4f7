/**
 * A run's message trace: capture, the sequence diagrams, and explain's stories of anomalies.
 */
package io.ringsim.sim.trace;
