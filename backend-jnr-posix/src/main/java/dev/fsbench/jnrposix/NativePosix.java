package dev.fsbench.jnrposix;

import dev.fsbench.spi.Availability;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Properties;
import jnr.posix.NanosecondFileStat;
import jnr.posix.POSIX;
import jnr.posix.POSIXFactory;

/**
 * jnr-posix's native POSIX, loaded once per JVM, or why there is none.
 *
 * <p>jnr-posix's usual entry point, {@code POSIXFactory.getPOSIX()}, falls back silently to {@code
 * JavaPOSIX}, an emulation in Java, when its native stub (jffi's {@code libjffi}, extracted from
 * the jffi native jar and {@code System.load}ed) cannot load. A backend measuring that would be
 * Java under a native name. So this asks {@code POSIXFactory.getNativePOSIX}, which lets the
 * failure through, and checks what it got: {@code isNative()}, a {@code FileStat} with nanoseconds,
 * and one real call ({@code access("/", F_OK)}). Any failure leaves the backend unavailable with
 * the reason, and {@code Backends.create} refuses it.
 *
 * <p>The path translation and the errno forms follow Linux's kernel and NIO's Linux provider, as
 * the rest of fsbench does, so another operating system is unavailable too.
 */
final class NativePosix {
  private NativePosix() {}

  /** The loaded POSIX, or null; and the availability that says why not. */
  record Loaded(POSIX posix, Availability availability) {}

  private static final class Holder {
    static final Loaded LOADED = load();
  }

  /** This JVM's attempt, made on first use. */
  static Loaded get() {
    return Holder.LOADED;
  }

  /** The native POSIX; {@link IllegalStateException} with the reason if there is none. */
  static POSIX require() {
    Loaded loaded = get();
    if (loaded.posix() == null) {
      throw new IllegalStateException(
          "backend '" + JnrPosixBackend.ID + "' is unavailable: " + loaded.availability().reason());
    }
    return loaded.posix();
  }

  static Loaded load() {
    String os = System.getProperty("os.name", "");
    if (!os.toLowerCase(Locale.ROOT).startsWith("linux")) {
      return unavailable(
          "fsbench translates jnr-posix's errnos and paths as on Linux; this is " + os);
    }
    POSIX posix;
    try {
      posix = POSIXFactory.getNativePOSIX(new FailingHandler());
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Throwable e) {
      return unavailable(
          "jnr-posix has no native POSIX here: its native stub (jffi) did not load ("
              + causes(e)
              + "); its pure-Java POSIX is not what this backend measures");
    }
    if (posix == null || !posix.isNative()) {
      return unavailable(
          "jnr-posix gave a POSIX that is not native ("
              + (posix == null ? "none" : posix.getClass().getName())
              + ")");
    }
    try {
      if (!(posix.allocateStat() instanceof NanosecondFileStat)) {
        return unavailable("jnr-posix's FileStat here has no nanoseconds: " + posix.getClass());
      }
      if (posix.access("/", 0) != 0) {
        return unavailable("jnr-posix's access(\"/\", F_OK) failed with errno " + posix.errno());
      }
    } catch (VirtualMachineError e) {
      throw e;
    } catch (Throwable e) {
      return unavailable("jnr-posix's native POSIX failed its first call: " + causes(e));
    }
    return new Loaded(posix, Availability.available());
  }

  private static Loaded unavailable(String reason) {
    return new Loaded(null, Availability.unavailable(reason));
  }

  /** Each cause's class and message, outermost first. */
  private static String causes(Throwable e) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = e; t != null && out.length() < 1000; t = t.getCause()) {
      if (out.length() > 0) {
        out.append(" <- ");
      }
      out.append(t.getClass().getSimpleName());
      if (t.getMessage() != null) {
        out.append(": ").append(t.getMessage());
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return out.toString();
  }

  /**
   * The version of {@code com.github.jnr:artifact} on the class path, from the {@code
   * pom.properties} Maven packs into its jar (which a shaded jar keeps; the manifests do not say:
   * jnr-posix's Implementation-Version is 0.5 whatever the release).
   */
  static String version(String artifact) {
    String resource = "/META-INF/maven/com.github.jnr/" + artifact + "/pom.properties";
    try (InputStream in = POSIXFactory.class.getResourceAsStream(resource)) {
      if (in == null) {
        return "unknown (no " + resource + ")";
      }
      Properties pom = new Properties();
      pom.load(in);
      return pom.getProperty("version", "unknown (no version in " + resource + ")");
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
    }
  }
}
