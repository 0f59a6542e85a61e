/**
 * {@code mmap}, an fsbench backend that moves file contents through memory maps: readFile,
 * writeFile and copyFile map the file ({@link java.nio.channels.FileChannel#map}) and copy between
 * the mapping and the caller's array or the target's channel; the other 23 families are nio's.
 *
 * <p>{@link com.example.mmap.MmapProvider} is the only public type; fsbench finds it through {@code
 * META-INF/services/dev.fsbench.spi.BackendProvider}:
 *
 * <pre>{@code
 * ./fsbench --classpath target/mmap-backend.jar run --quick --backends nio,mmap --target mmap
 * }</pre>
 */
package com.example.mmap;
