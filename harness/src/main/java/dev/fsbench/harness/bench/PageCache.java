package dev.fsbench.harness.bench;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * Drops the kernel's page cache, dentries and inodes before a sample of a {@code --cold} run:
 * {@code sync(2)}, then {@code 3} written to {@code /proc/sys/vm/drop_caches}, in the iteration's
 * setup (untimed), so that the sample reads from the device, not from memory.
 *
 * <pre>{@code
 * PageCache.refusal().ifPresent(why -> { throw new IllegalArgumentException("--cold: " + why); });
 * PageCache.drop();   // in a fork, before every warmup and sample
 * }</pre>
 *
 * <p>Only root may write there, and only where {@code /proc/sys} is mounted writable (a container's
 * often is not): {@link #refusal()} says why not before a run starts. On tmpfs the files are the
 * page cache, so a drop evicts none of the sandbox's: a cold run means something on a disk.
 */
public final class PageCache {
  /** The system property that makes a fork drop the cache before every iteration. */
  public static final String PROPERTY = "fsbench.cold";

  /** The kernel's control file. */
  public static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");

  private PageCache() {}

  /** Why this process cannot drop the cache, or empty when it can. */
  public static Optional<String> refusal() {
    return refusal(DROP_CACHES, effectiveUid());
  }

  /**
   * Why a process of user {@code uid} ({@code -1}: unknown) cannot drop the cache through {@code
   * control}, or empty when it can.
   */
  static Optional<String> refusal(Path control, long uid) {
    if (!Platform.isLinux()) {
      return Optional.of("dropping the page cache needs Linux, this is " + Platform.getOSType());
    }
    if (uid != 0) {
      return Optional.of(
          "dropping the page cache needs root, and this runs as "
              + (uid < 0 ? "an unknown user" : "uid " + uid));
    }
    if (!Files.exists(control)) {
      return Optional.of(control + " does not exist");
    }
    if (!Files.isWritable(control)) {
      return Optional.of(
          control + " is not writable here (is /proc/sys mounted read-only, as in a container?)");
    }
    return Optional.empty();
  }

  /** The effective uid, the owner of {@code /proc/self}; -1 where it cannot be read. */
  static long effectiveUid() {
    try {
      return ((Number)
              Files.getAttribute(Path.of("/proc/self"), "unix:uid", LinkOption.NOFOLLOW_LINKS))
          .longValue();
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return -1;
    }
  }

  /** Whether this fork was told to drop the cache ({@code -Dfsbench.cold=true}). */
  static boolean requested() {
    return Boolean.getBoolean(PROPERTY);
  }

  /** Writes dirty pages back, then drops clean pages, dentries and inodes. */
  static void drop() throws IOException {
    LibC.sync();
    Files.writeString(DROP_CACHES, "3\n", StandardCharsets.US_ASCII, StandardOpenOption.WRITE);
  }

  /** JNA direct mapping of {@code sync(2)}. */
  private static final class LibC {
    static {
      Native.register(LibC.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
    }

    static native void sync();
  }
}
