package dev.fsbench.nativefs.ffm;

import dev.fsbench.nativefs.Binding;
import dev.fsbench.spi.Availability;
import java.lang.reflect.InvocationTargetException;
import java.util.Map;

/**
 * Whether this JVM and this build can bind the library through the FFM API, and the binding when
 * they can: found once per JVM, never throwing (every failure becomes the {@link Availability} the
 * provider reports).
 *
 * <p>Two things must hold. The JVM must have the final FFM API ({@code java.lang.foreign}, JDK 22
 * or later). And the build must have compiled the binding, which it does only when Maven runs on
 * JDK 22 or later: the classes then sit in {@code META-INF/versions/22} of this module's
 * multi-release jar, where only a JVM of version 22 or later looks. The binding is loaded by name,
 * so that nothing compiled at release 17 links against a class of release 22.
 */
final class FfmSupport {
  private FfmSupport() {}

  /** The JDK release whose FFM API is final, and the release the binding is compiled for. */
  static final int FFM_RELEASE = 22;

  /** The binding's entry point, compiled at release 22. */
  static final String BINDING_CLASS = "dev.fsbench.nativefs.ffm.FfmLibrary";

  /** Where the entry point lives in a build that compiled the binding. */
  static final String BINDING_RESOURCE =
      "META-INF/versions/" + FFM_RELEASE + "/" + BINDING_CLASS.replace('.', '/') + ".class";

  /** Said when the build has no binding: what happened and what to do about it. */
  static final String BUILT_WITHOUT_FFM =
      "built without FFM: Maven ran on a JDK before "
          + FFM_RELEASE
          + ", so the jar has no META-INF/versions/"
          + FFM_RELEASE
          + " binding (build with JDK "
          + FFM_RELEASE
          + " or later)";

  private static final class Found {
    static final FfmEntry BINDING = find();
  }

  /** This JVM's binding, or an entry that says why there is none. */
  static FfmEntry entry() {
    return Found.BINDING;
  }

  /**
   * Whether this build compiled the binding: its class file is in the jar (or, in this module's
   * tests, in {@code target/classes}). Asked only on a JVM before 22, which cannot load it anyway;
   * a newer one just tries.
   */
  static boolean builtWithFfm() {
    return FfmSupport.class.getClassLoader().getResource(BINDING_RESOURCE) != null;
  }

  /**
   * Why a JVM before 22 cannot bind: {@code "needs the FFM API (java.lang.foreign): JDK 22 or
   * later; this JVM is 17.0.15"}, and {@link #BUILT_WITHOUT_FFM} after it when the build has no
   * binding either.
   */
  static String tooOld(String version, boolean builtWithFfm) {
    String jvm =
        "needs the FFM API (java.lang.foreign): JDK "
            + FFM_RELEASE
            + " or later; this JVM is "
            + version;
    return builtWithFfm ? jvm : jvm + "; and " + BUILT_WITHOUT_FFM;
  }

  private static FfmEntry find() {
    if (Runtime.version().feature() < FFM_RELEASE) {
      return new Unavailable(tooOld(Runtime.version().toString(), builtWithFfm()));
    }
    try {
      Class<?> entry = Class.forName(BINDING_CLASS, true, FfmSupport.class.getClassLoader());
      return (FfmEntry) entry.getDeclaredMethod("get").invoke(null);
    } catch (ClassNotFoundException e) {
      return new Unavailable(BUILT_WITHOUT_FFM);
    } catch (InvocationTargetException e) {
      return new Unavailable("the FFM binding failed to start: " + e.getCause());
    } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
      return new Unavailable("the FFM binding cannot be loaded: " + e);
    }
  }

  /** No binding here, and why. */
  private static final class Unavailable implements FfmEntry {
    private final Availability availability;

    Unavailable(String reason) {
      this.availability = Availability.unavailable(reason);
    }

    @Override
    public Availability availability() {
      return availability;
    }

    @Override
    public Map<String, String> details() {
      return Map.of();
    }

    @Override
    public Binding binding() {
      throw new IllegalStateException(availability.reason());
    }
  }
}
