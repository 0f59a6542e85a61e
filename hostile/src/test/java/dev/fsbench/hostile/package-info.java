/**
 * Hostile input, races and independent oracles, against every backend through the SPI.
 *
 * <ul>
 *   <li>{@link dev.fsbench.hostile.HostileSuiteTest}: the hostile-input suite. Each {@link
 *       dev.fsbench.hostile.Group} of cases runs, per backend, in a child JVM ({@link
 *       dev.fsbench.hostile.HostileChild}) with a deadline per case and a hard outer one; the
 *       parent asserts no crash, no hang, NIO's exception naming the path, and nothing changed
 *       outside the case's directory.
 *   <li>{@link dev.fsbench.hostile.SafetyTableTest}: directories swapped for links to a victim
 *       mid-walk, against every backend's rm and cp ({@link dev.fsbench.hostile.SwapRaces}); writes
 *       the safety table.
 *   <li>{@code *DifferentialTest}: readdir and scan against {@code find}, stat and lstat against
 *       Python's {@code os.lstat}, realpath against coreutils {@code realpath}, on seeded trees
 *       ({@link dev.fsbench.hostile.RandomTree}); what differs is declared in {@code
 *       docs/semantics/deviations.md} and asserted.
 * </ul>
 */
package dev.fsbench.hostile;
