package io.ringsim.storage;

/** A deletion of every row in a clustering slice of one partition (DELETE ... WHERE pk = ? AND ck &gt; ?). */
public record RangeTombstone(Slice slice, DeletionTime deletion) {}
