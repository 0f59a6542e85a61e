/**
 * The {@code native} backend, and the backend every binding of the Rust library {@code
 * libfsbench_native} (../rust) shares. {@code LibraryBackend} holds the families once, over a
 * {@link dev.fsbench.nativefs.Binding}, the C ABI as Java calls; this jar's binding is JNA direct
 * mapping, backend-native-ffm's ({@code dev.fsbench.nativefs.ffm}) the FFM API. {@link
 * dev.fsbench.nativefs.NativeBackendProvider} (a {@code LibraryProvider}) reports {@code native}
 * unavailable, with the reason, where the library cannot load, and offers the floors.
 *
 * <p>Shared by the bindings: {@code LibraryBackend}, {@code Binding} and {@code Scratch} (a
 * thread's memory: the arrays results come back in, the rule blocks grow by), {@code PathBytes}
 * (paths as NUL-terminated bytes), {@code PackedResults} and {@code ScanColumns} (the one buffer a
 * tree call returns), {@code Abi} (options as flags, stat's fields), {@code LibraryFile} (the
 * library as a file, its resource and its ABI check). The errors: {@code NativeErrors} turns an
 * errno into what {@code Files} throws for it on the running JDK, per {@code Op}, with {@code
 * LinuxErrno}'s reasons; {@code Failures} and {@code MkdirsFailure} name what NIO would name,
 * asking through the {@code ErrorProbe}. JNA's binding: {@code JnaBinding} (the C functions,
 * direct-mapped, and the calls over them; {@code CFunction} reads their declarations for the FFM
 * binding), {@code Library} (loads and registers the library), {@code JnaScratch} and {@code
 * NativeBuffer} (native memory). The floors: {@code LibraryFloor}, {@code LibraryFloorRunner},
 * {@code ToolFloor}, {@code FloorRecorder}, {@code FloorCall}.
 *
 * <p>Public, for the bindings and the study outside this jar: {@code LibraryProvider} (what a
 * binding's provider extends), {@code Binding}, {@code Scratch}, {@code LibraryFile}, {@code
 * PathBytes}'s encoding, and the provider.
 */
package dev.fsbench.nativefs;
