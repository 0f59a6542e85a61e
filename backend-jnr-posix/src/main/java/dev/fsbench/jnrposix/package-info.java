/**
 * The {@code jnr-posix} backend: jnr-posix (JRuby's POSIX layer on jnr-ffi) as a peer, with NIO
 * where it has no call. Start at {@link dev.fsbench.jnrposix.JnrPosixBackend}, whose class comment
 * has the table of routes.
 *
 * <p>One file per concern: {@code NativePosix} (loading the native POSIX, or why not), {@code
 * JnrPosixBackend} (which family goes where: declared on its methods and its class), {@code Names}
 * (paths as the Strings jnr-posix takes), {@code FailingHandler}, {@code PosixCallFailed}, {@code
 * Call} and {@code Errors} (errnos as NIO's exceptions), {@code Stats} (its FileStat as the SPI's),
 * {@code Directories} and {@code Content} (the families that take more than one call).
 */
package dev.fsbench.jnrposix;
