/**
 * Merkle trees over token ranges, as anti-entropy repair compares them.
 */
package io.ringsim.cluster.repair;
