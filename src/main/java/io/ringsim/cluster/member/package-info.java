/**
 * Real-time mode: the same node actors across JVMs as an Akka Cluster (bin/ringsim member).
 */
package io.ringsim.cluster.member;
