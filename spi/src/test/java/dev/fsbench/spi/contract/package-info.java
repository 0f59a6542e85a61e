/**
 * The peer-contract kit: the checks every fsbench backend passes, shipped in the spi test-jar.
 *
 * <p>Use it by subclassing {@link dev.fsbench.spi.contract.BackendContract} in the backend's tests,
 * once per configuration (the default filesystem, Jimfs, a concurrency setting):
 *
 * <pre>{@code
 * class MyBackendContractTest extends BackendContract {
 *   protected FsBackend createBackend(BackendConfig config) { return new MyBackend(config); }
 * }
 * }</pre>
 *
 * with {@code fsbench-spi:test-jar}, JUnit 5 and Jimfs as test dependencies. Each of the 26
 * families is one class ({@code ReadFileContract}, ...) registered in {@code Families}; its cases
 * build their fixtures with {@code Files} ({@code Fixtures}: {@code fileOf4KiB}, {@code
 * treeOf4Files}, {@code emptyDir}, {@code symlink}, ...), call the backend through {@code Calls}
 * (once sync, once async) and compare with independent oracles ({@code Oracle}: what {@code Files}
 * reads back, or values the case set itself). Errors are asserted by {@code Failure}, permission
 * denials by {@code PermissionCases} (in a capability-less child JVM when running as root).
 *
 * <p>{@link dev.fsbench.spi.contract.ForwardingFsBackend} decorates a backend, and {@link
 * dev.fsbench.spi.contract.KitRun} runs a contract outside JUnit, which is how the kit's own
 * negative test proves that it rejects a backend whose families do nothing.
 */
package dev.fsbench.spi.contract;
