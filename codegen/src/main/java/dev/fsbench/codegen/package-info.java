/**
 * Compile-time code generation for fsbench's own modules: {@link dev.fsbench.codegen.FamilyMethods}
 * writes the family methods of an {@code FsBackend} decorator from the interface itself, so that a
 * new family does not have to be forwarded by hand in every decorator. The processor is a {@code
 * provided} dependency: nothing of this module is on a run's classpath.
 */
package dev.fsbench.codegen;
