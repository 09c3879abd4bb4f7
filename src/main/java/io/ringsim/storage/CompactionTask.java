package io.ringsim.storage;

import java.util.List;

/** SSTables a strategy chose to compact together, and the level the output goes to (0 for size-tiered). */
public record CompactionTask(List<SSTable> inputs, int outputLevel, long maxOutputBytes, String reason) {}
