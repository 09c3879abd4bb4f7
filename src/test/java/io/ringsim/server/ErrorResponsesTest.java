package io.ringsim.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.response.error.CASWriteUnknown;
import com.datastax.oss.protocol.internal.response.error.WriteTimeout;
import io.ringsim.cluster.ConsistencyLevel;
import io.ringsim.cluster.CoordinatorException;
import io.ringsim.cql.CqlErrorClass;
import io.ringsim.cql.WriteType;
import org.junit.jupiter.api.Test;

/**
 * What a driver reads from an LWT's failure: the Paxos round's consistency and the CAS write type, as Cassandra's
 * CasWriteTimeoutException and CasWriteUnknownResultException carry them, whatever the request's own level; and
 * before protocol v5, which has no CAS_WRITE_UNKNOWN, the CAS write timeout Cassandra sends such a client instead.
 */
class ErrorResponsesTest {
  @Test
  void aPaxosTimeoutNamesSerialAndCasNotTheRequestsLevel() {
    var e = new CoordinatorException(CqlErrorClass.WriteTimeout,
        "CAS operation timed out: received 1 of 2 required responses after 3 contention retries", 1, 2,
        ConsistencyLevel.SERIAL, WriteType.CAS);
    var m = ErrorResponses.of(e, ConsistencyLevel.QUORUM, "SIMPLE");
    assertThat(m).isInstanceOfSatisfying(WriteTimeout.class, w -> {
      assertThat(w.writeType).isEqualTo("CAS");
      assertThat(w.consistencyLevel).isEqualTo(ProtocolConstants.ConsistencyLevel.SERIAL);
      assertThat(w.received).isEqualTo(1);
      assertThat(w.blockFor).isEqualTo(2);
    });
    // A plain write's timeout keeps the request's level and kind.
    var plain = ErrorResponses.of(new CoordinatorException(CqlErrorClass.WriteTimeout, "Operation timed out", 1, 2),
        ConsistencyLevel.QUORUM, "SIMPLE");
    assertThat(plain).isInstanceOfSatisfying(WriteTimeout.class, w -> {
      assertThat(w.writeType).isEqualTo("SIMPLE");
      assertThat(w.consistencyLevel).isEqualTo(ProtocolConstants.ConsistencyLevel.QUORUM);
    });
  }

  @Test
  void anUnknownCasResultIsAWriteTimeoutBeforeV5() {
    var e = new CoordinatorException(CqlErrorClass.CASWriteUnknown,
        "CAS operation result is unknown - proposal accepted by 1 but not a quorum.", 1, 2, ConsistencyLevel.SERIAL,
        WriteType.CAS);
    var m = ErrorResponses.of(e, ConsistencyLevel.QUORUM, "SIMPLE");
    assertThat(m).isInstanceOf(CASWriteUnknown.class);
    assertThat(ErrorResponses.forVersion(ProtocolConstants.Version.V5, m)).isSameAs(m);
    assertThat(ErrorResponses.forVersion(ProtocolConstants.Version.V4, m)).isInstanceOfSatisfying(WriteTimeout.class,
        w -> {
          assertThat(w.message).isEqualTo("Operation timed out - received only 1 responses.");
          assertThat(w.writeType).isEqualTo("CAS");
          assertThat(w.consistencyLevel).isEqualTo(ProtocolConstants.ConsistencyLevel.SERIAL);
          assertThat(w.received).isEqualTo(1);
          assertThat(w.blockFor).isEqualTo(2);
        });
  }
}
