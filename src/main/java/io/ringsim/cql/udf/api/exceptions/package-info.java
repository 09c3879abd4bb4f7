/**
 * The driver exceptions a Java UDF body may catch, under the names Cassandra's copy of the driver gives them.
 */
package io.ringsim.cql.udf.api.exceptions;
