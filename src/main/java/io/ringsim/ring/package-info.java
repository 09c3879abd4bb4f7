/**
 * Cassandra's partitioners and tokens bit for bit, vnode allocation, replication strategies and ownership.
 */
package io.ringsim.ring;
