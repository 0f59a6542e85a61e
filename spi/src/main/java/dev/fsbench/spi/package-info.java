/**
 * The service-provider interface every fsbench backend implements: {@link
 * dev.fsbench.spi.FsBackend} with its operation families (sync, and async forms that default to the
 * sync call on the backend's executor), the value types they return ({@link
 * dev.fsbench.spi.FileStat}, {@link dev.fsbench.spi.ScanEntry}), their options ({@code
 * CopyFileOptions}, {@code RmOptions}, ...), and what a backend declares about itself: {@link
 * dev.fsbench.spi.Op}, {@link dev.fsbench.spi.Route} (its own implementation or a fallback to NIO,
 * per family) and {@link dev.fsbench.spi.Capability}.
 *
 * <p>Backends are found through {@link java.util.ServiceLoader} by a {@link
 * dev.fsbench.spi.BackendProvider} (id, availability with its reason, create); {@link
 * dev.fsbench.spi.Backends} lists and creates them and never lets a broken provider break the
 * lookup; a provider may also offer floors ({@link dev.fsbench.spi.Floor}), which its {@code
 * floors()} lists. {@link dev.fsbench.spi.Async} is how a default async form runs the sync call.
 * Errors are {@code java.nio.file}'s exceptions, as {@code Files} throws them on the running JDK;
 * {@link dev.fsbench.spi.FsErrors} has the contract's forms NIO has no class for.
 *
 * <pre>{@code
 * try (FsBackend nio = Backends.create("nio", BackendConfig.DEFAULT)) {
 *   byte[] bytes = nio.readFile(Path.of("a.txt"));
 * }
 * }</pre>
 *
 * <p>Only what a backend implements, receives or throws is here. The base classes and helpers a
 * backend may use ({@code AbstractFsBackend}, {@code ForwardingFsBackend}, the race-safe tree walk)
 * live in {@code fsbench-backend-support}; the peer contract a backend must pass lives in the
 * {@code fsbench-testkit} module.
 */
package dev.fsbench.spi;
