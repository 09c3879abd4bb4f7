/**
 * {@code ringsim grade}: a teacher's data-modelling assignment (entities, access patterns, limits) and a student's
 * schema, judged by loading generated data into a simulated cluster and running each access pattern's query.
 */
package io.ringsim.sim.grade;
