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
 * family on purpose). Everything else is the kit's own. Each family is described once, as one class
 * ({@code ReadFileContract}, ...): its result and error cases, its typical call (from which the
 * shared null-argument and foreign-path cases are derived), its non-UTF-8 name case and its
 * permission cases. {@code Families} files them by {@code Op} through a switch without a default,
 * so an {@code Op} without its class does not compile, and a family class without its non-UTF-8 or
 * permission case does not compile either (both are abstract in {@code FamilyContract}); {@code
 * KitCoverageTest} checks the rest (every family has result and error cases, each case is filed
 * under its own op). The cases build their fixtures with {@code Files} ({@code Fixtures}), call the
 * backend through {@code Calls} (once sync, once async; each family class says its own call) and
 * compare with independent oracles ({@code Oracle}: what {@code Files} reads back, or values the
 * case set itself). Errors are asserted by {@code Failure}, whose {@code Action} is the one shape
 * of a call whose result is not read (a void call is written as it is, never as a {@code Callable}
 * returning null). Permission denials are run by {@code PermissionCases} (its shared fixtures, the
 * run in a capability-less child JVM when running as root), names that are not UTF-8 by {@code
 * NonUtf8Names} (the name pair and the outcomes it allows): both loop over the families' cases.
 */
package dev.fsbench.testkit;
