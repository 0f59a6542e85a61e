/**
 * The {@code native-ffm} backend: backend-native's {@code LibraryBackend}, the 26 families of the
 * Rust library {@code libfsbench_native}, over a {@link dev.fsbench.nativefs.Binding} made with the
 * FFM API ({@code java.lang.foreign}) instead of JNA.
 *
 * <p>At release 17, in every build: {@link dev.fsbench.nativefs.ffm.FfmBackendProvider}, a {@link
 * dev.fsbench.nativefs.LibraryProvider} that reports the backend unavailable with the reason on a
 * JVM before 22 or from a build made on one; {@code FfmSupport}, which decides that and loads the
 * binding by name; {@code FfmEntry}, the binding as the provider sees it. At release 22, in {@code
 * META-INF/versions/22} of a build made on JDK 22 or later: {@code FfmLibrary} (opens and checks
 * the library), {@code FfmLibFsb} (a downcall handle, critical or plain, made from a function's
 * declaration in backend-native), {@code FfmBinding} (the calls) and {@code FfmScratch} (a thread's
 * heap arrays and off-heap blocks).
 */
package dev.fsbench.nativefs.ffm;
