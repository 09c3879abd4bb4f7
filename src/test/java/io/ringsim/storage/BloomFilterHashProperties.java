package io.ringsim.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringsim.ring.LongToken;
import io.ringsim.ring.Murmur3Partitioner;
import io.ringsim.ring.Token;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/**
 * A key's bloom-filter hash taken from its Murmur3 token is the hash of its bytes: filters built from the index's
 * tokens (flush, compaction) answer exactly as filters built by hashing keys did, false positives included.
 */
class BloomFilterHashProperties {

  @Property
  void theTokenIsTheHashOfTheKeysBytes(@ForAll @Size(max = 40) byte[] key) {
    DecoratedKey k = new DecoratedKey(Murmur3Partitioner.INSTANCE.token(key), key);
    assertThat(BloomFilter.hash(k)).isEqualTo(BloomFilter.hash(key));
  }

  @Property
  void theTwoTokensCassandraMovesAreHashedFromTheBytes(@ForAll @Size(max = 40) byte[] key) {
    for (Token t : new Token[] {new LongToken(Long.MAX_VALUE), new LongToken(Long.MIN_VALUE)}) {
      assertThat(BloomFilter.hash(new DecoratedKey(t, key))).isEqualTo(BloomFilter.hash(key));
    }
  }
}
