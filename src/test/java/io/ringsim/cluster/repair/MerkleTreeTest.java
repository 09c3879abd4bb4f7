package io.ringsim.cluster.repair;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class MerkleTreeTest {

  record Part(long token, byte[] digest) {}

  static List<Part> data(long seed, int n) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Part> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long t = r.nextLong();
      if (t == Long.MIN_VALUE) t++;
      out.add(new Part(t, ("v" + r.nextInt()).getBytes(StandardCharsets.UTF_8)));
    }
    return out;
  }

  static MerkleTree tree(TokenRange range, int depth, List<Part> parts) {
    MerkleTree t = new MerkleTree(range, depth);
    for (Part p : parts) if (range.contains(p.token())) t.add(p.token(), p.digest());
    return t;
  }

  static final TokenRange WHOLE = new TokenRange(Long.MIN_VALUE, Long.MIN_VALUE);

  @Test
  void identicalReplicasAgreeWhateverTheOrderOfPartitions() {
    List<Part> parts = data(1, 2000);
    List<Part> shuffled = new ArrayList<>(parts);
    Collections.shuffle(shuffled, new java.util.Random(3));
    MerkleTree a = tree(WHOLE, 10, parts);
    MerkleTree b = tree(WHOLE, 10, shuffled);
    assertThat(a.difference(b)).isEmpty();
    assertThat(a.root()).isEqualTo(b.root());
  }

  @Property(tries = 200)
  void differencesCoverExactlyTheChangedPartitions(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 12) int depth, @ForAll long left, @ForAll long right) {
    TokenRange range = new TokenRange(left, right);
    List<Part> parts = data(seed, 300);
    List<Part> other = new ArrayList<>(parts);
    SplittableRandom r = new SplittableRandom(seed ^ 0x5DEECE66DL);
    List<Long> changed = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      int k = r.nextInt(other.size());
      Part p = other.get(k);
      other.set(k, new Part(p.token(), "changed".getBytes(StandardCharsets.UTF_8)));
      if (range.contains(p.token())) changed.add(p.token());
    }
    List<TokenRange> diff = tree(range, depth, parts).difference(tree(range, depth, other));
    for (long t : changed) assertThat(diff).anyMatch(d -> d.contains(t));
    // Every reported range holds a changed partition: nothing streams for nothing.
    for (TokenRange d : diff) assertThat(changed).anyMatch(d::contains);
    if (changed.isEmpty()) assertThat(diff).isEmpty();
  }

  @Test
  void aMissingPartitionIsFoundInASmallSubRange() {
    List<Part> parts = data(7, 5000);
    List<Part> missingOne = new ArrayList<>(parts);
    Part gone = missingOne.remove(1234);
    List<TokenRange> diff = tree(WHOLE, 12, parts).difference(tree(WHOLE, 12, missingOne));
    assertThat(diff).hasSize(1);
    assertThat(diff.get(0).contains(gone.token())).isTrue();
    // 1/4096 of the ring, not the whole ring.
    assertThat(Long.compareUnsigned(diff.get(0).widthUnsigned(), -1L >>> 11)).isLessThan(0);
  }

  @Test
  void rangesWrapAroundTheRing() {
    TokenRange wrap = new TokenRange(Long.MAX_VALUE - 10, Long.MIN_VALUE + 10);
    assertThat(wrap.contains(Long.MAX_VALUE)).isTrue();
    assertThat(wrap.contains(Long.MIN_VALUE + 5)).isTrue();
    assertThat(wrap.contains(0)).isFalse();
    assertThat(wrap.contains(Long.MAX_VALUE - 10)).isFalse();
    TokenRange[] h = wrap.halves();
    assertThat(h[0].right()).isEqualTo(h[1].left());
    assertThat(h[0].widthUnsigned() + h[1].widthUnsigned()).isEqualTo(wrap.widthUnsigned());
  }
}
