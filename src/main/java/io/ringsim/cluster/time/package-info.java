/**
 * Deterministic virtual time: the simulation loop, its timers and mailboxes; the wall clock never enters.
 */
package io.ringsim.cluster.time;
