package io.ringsim.server;

import com.datastax.oss.protocol.internal.ProtocolConstants;
import io.ringsim.cluster.ConsistencyLevel;

/** The protocol's numeric codes for what ringsim names. */
final class ProtocolValues {
  private ProtocolValues() {}

  static ConsistencyLevel consistency(int code) {
    return switch (code) {
      case ProtocolConstants.ConsistencyLevel.ANY -> ConsistencyLevel.ANY;
      case ProtocolConstants.ConsistencyLevel.ONE -> ConsistencyLevel.ONE;
      case ProtocolConstants.ConsistencyLevel.TWO -> ConsistencyLevel.TWO;
      case ProtocolConstants.ConsistencyLevel.THREE -> ConsistencyLevel.THREE;
      case ProtocolConstants.ConsistencyLevel.QUORUM -> ConsistencyLevel.QUORUM;
      case ProtocolConstants.ConsistencyLevel.ALL -> ConsistencyLevel.ALL;
      case ProtocolConstants.ConsistencyLevel.LOCAL_QUORUM -> ConsistencyLevel.LOCAL_QUORUM;
      case ProtocolConstants.ConsistencyLevel.EACH_QUORUM -> ConsistencyLevel.EACH_QUORUM;
      case ProtocolConstants.ConsistencyLevel.SERIAL -> ConsistencyLevel.SERIAL;
      case ProtocolConstants.ConsistencyLevel.LOCAL_SERIAL -> ConsistencyLevel.LOCAL_SERIAL;
      case ProtocolConstants.ConsistencyLevel.LOCAL_ONE -> ConsistencyLevel.LOCAL_ONE;
      default -> throw new ProtocolViolation("Unknown code " + code + " for a consistency level");
    };
  }

  static int consistencyCode(ConsistencyLevel cl) {
    return switch (cl) {
      case ANY -> ProtocolConstants.ConsistencyLevel.ANY;
      case ONE -> ProtocolConstants.ConsistencyLevel.ONE;
      case TWO -> ProtocolConstants.ConsistencyLevel.TWO;
      case THREE -> ProtocolConstants.ConsistencyLevel.THREE;
      case QUORUM -> ProtocolConstants.ConsistencyLevel.QUORUM;
      case ALL -> ProtocolConstants.ConsistencyLevel.ALL;
      case LOCAL_QUORUM -> ProtocolConstants.ConsistencyLevel.LOCAL_QUORUM;
      case EACH_QUORUM -> ProtocolConstants.ConsistencyLevel.EACH_QUORUM;
      case SERIAL -> ProtocolConstants.ConsistencyLevel.SERIAL;
      case LOCAL_SERIAL -> ProtocolConstants.ConsistencyLevel.LOCAL_SERIAL;
      case LOCAL_ONE -> ProtocolConstants.ConsistencyLevel.LOCAL_ONE;
    };
  }
}
