/**
 * The peer-contract kit: the checks every fsbench backend passes before the harness measures it.
 *
 * <p>A backend runs it by extending {@link dev.fsbench.testkit.BackendContract} in its tests, once
 * per configuration (the default filesystem, Jimfs, a concurrency setting), with {@code
 * fsbench-testkit} as a test dependency (JUnit 5 comes with it):
 *
 * <pre>{@code
 * class MyBackendContractTest extends BackendContract {
 *   protected FsBackend createBackend(BackendConfig config) { return new MyBackend(config); }
 * }
 * }</pre>
 *
 * Only two types are public: the suite and {@link dev.fsbench.testkit.KitRun} (runs a suite outside
 * JUnit's engine, which is how a negative test proves that the kit rejects a backend whose families
 * do nothing; the support module's {@link dev.fsbench.support.ForwardingFsBackend} breaks one
 * family on purpose). Everything else is the kit's own: each of the 26 families is one class
 * ({@code ReadFileContract}, ...) registered in {@code Families}; its cases build their fixtures
 * with {@code Files} ({@code Fixtures}), call the backend through {@code Calls} (once sync, once
 * async) and compare with independent oracles ({@code Oracle}: what {@code Files} reads back, or
 * values the case set itself). Errors are asserted by {@code Failure}, permission denials by {@code
 * PermissionCases} (in a capability-less child JVM when running as root), names that are not UTF-8
 * by {@code NonUtf8Names}.
 */
package dev.fsbench.testkit;
