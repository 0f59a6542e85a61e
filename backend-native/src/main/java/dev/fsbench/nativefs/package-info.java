/**
 * The {@code native} backend: the Rust library {@code libfsbench_native} (../rust) through JNA
 * direct mapping. {@link dev.fsbench.nativefs.NativeBackendProvider} reports it unavailable, with
 * the reason, where the library cannot load; {@link dev.fsbench.nativefs.NativeBackend} makes each
 * family one call into the library.
 *
 * <p>The binding: {@code LibFsb} (the C ABI), {@code Library} (finds, checks and registers the
 * library shipped in the jar), {@code PathBytes} (paths as NUL-terminated bytes), {@code Scratch}
 * and {@code NativeBuffer} (per-thread memory the calls reuse), {@code PackedResults} (the one
 * buffer a tree call returns). The errors: {@code NativeErrors} turns an errno into what {@code
 * Files} throws for it on the running JDK, per {@code Call}, with {@code LinuxErrno}'s reasons and
 * {@code MkdirsFailure}'s replay of {@code Files.createDirectories}.
 */
package dev.fsbench.nativefs;
