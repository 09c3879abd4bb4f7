/**
 * The node's storage engine: commit log, memtables, SSTables, compaction, tombstones, and reads that merge them.
 */
package io.ringsim.storage;
