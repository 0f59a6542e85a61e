/**
 * The binding study: what one call into native code costs through each binding, measured by JMH in
 * steady state, one shape of call per benchmark class, one binding per benchmark method.
 *
 * <pre>
 * EmptyCallBenchmark          fsb_abi_version(): the dispatch alone
 * PathArgumentBenchmark       strlen(path): one path marshalled, no syscall
 * AccessBenchmark             fsb_access(path, F_OK): one path, one syscall; NIO's checkAccess and exists
 * TwoPathArgumentsBenchmark   strcmp(a, b): two paths marshalled, no syscall
 * RenameBenchmark             fsb_rename(a, b), b a hard link to a: two paths, one syscall that changes nothing
 * ReadFileBenchmark           fsb_read_file of 4 KiB into a byte[]; NIO's readAllBytes and FileChannel
 * PathEncodingBenchmark       a Path to NUL-terminated bytes, no call
 * </pre>
 *
 * The bindings: JNA direct mapping ({@link dev.fsbench.bindingstudy.JnaFsb}, {@link
 * dev.fsbench.bindingstudy.JnaLibc}), FFM plain and critical ({@link
 * dev.fsbench.bindingstudy.FfmCalls}), on the library backend-native ships ({@link
 * dev.fsbench.bindingstudy.StudyLibrary}); every benchmark's settings are {@link
 * dev.fsbench.bindingstudy.BindingBenchmark}'s, its files the {@link
 * dev.fsbench.bindingstudy.Fixture}'s, its paths {@link dev.fsbench.bindingstudy.PathForms}.
 */
package dev.fsbench.bindingstudy;
