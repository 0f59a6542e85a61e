/**
 * The service-provider interface every fsbench backend implements: {@link
 * dev.fsbench.spi.FsBackend} with its 26 operation families (sync, and async forms that default to
 * the sync call on the backend's executor), the value types they return ({@link
 * dev.fsbench.spi.FileStat}, {@link dev.fsbench.spi.ScanEntry}), their options ({@code
 * CopyFileOptions}, {@code RmOptions}, ...), and what a backend declares about itself: {@link
 * dev.fsbench.spi.Op}, {@link dev.fsbench.spi.Route} (its own implementation or a fallback to NIO,
 * per family) and {@link dev.fsbench.spi.Capability}.
 *
 * <p>Backends are found through {@link java.util.ServiceLoader} by a {@link
 * dev.fsbench.spi.BackendProvider} (id, availability with its reason, create); {@link
 * dev.fsbench.spi.Backends} lists and creates them and never lets a broken provider break the
 * lookup. {@link dev.fsbench.spi.AbstractFsBackend} gives a backend the argument checks and the
 * executor, {@link dev.fsbench.spi.ForwardingFsBackend} the families it does not implement (NIO's,
 * as a rule). {@link dev.fsbench.spi.RelativePaths} spells a relative result as the contract does.
 * Errors are {@code java.nio.file}'s exceptions, as {@code Files} throws them on the running JDK;
 * {@link dev.fsbench.spi.FsErrors} has the contract's forms NIO has no class for.
 *
 * <pre>{@code
 * try (FsBackend nio = Backends.create("nio", BackendConfig.DEFAULT)) {
 *   byte[] bytes = nio.readFile(Path.of("a.txt"));
 * }
 * }</pre>
 *
 * <p>The peer contract a backend must pass lives in the {@code fsbench-testkit} module.
 */
package dev.fsbench.spi;
