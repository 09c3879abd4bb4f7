/**
 * Shrinking a failing scenario to a smaller one that still fails the same check.
 */
package io.ringsim.sim.shrink;
