package dev.fsbench.support;

import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.lang.reflect.Method;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A backend class's route table, derived from what it declares beside its code: an {@link OwnRoute}
 * on each method that does a family itself, and the class's {@link NioFallbacks} for the families
 * it hands to NIO. Derived once per class (reflection on first use, then a {@link ClassValue}); a
 * backend reads the table of its filesystem at construction, and both its {@code route} and its
 * dispatch read that one map, so a route and the code that runs cannot drift.
 *
 * <p>Refused, with an {@link IllegalStateException} naming the class: an {@code OwnRoute} whose op
 * is not the family of the method it sits on, or on a method that is no family's; a family declared
 * own twice, listed twice in {@code NioFallbacks}, or both; an empty text; and a family that is
 * neither own nor covered by a {@code NioFallbacks} (a class with no fallbacks must do all).
 *
 * <p>A fallback's route reads {@code nio fallback: NioBackend; reason}; an own route's {@code own:
 * via} on the default filesystem, and on another one too unless it names a reason {@link
 * OwnRoute#elsewhere()}. A class that is {@link DefaultFileSystemOnly} falls back in every family
 * on any other filesystem, for the reason it gives there.
 */
public final class DeclaredRoutes {
  private static final ClassValue<DeclaredRoutes> CACHE =
      new ClassValue<>() {
        @Override
        protected DeclaredRoutes computeValue(Class<?> type) {
          return new DeclaredRoutes(type);
        }
      };

  private final Map<Op, Route> onDefault;
  private final Map<Op, Route> elsewhere;

  /** The {@link DefaultFileSystemOnly} reason, or null. */
  private final String onlyDefault;

  /** With {@link DefaultFileSystemOnly}: the table of each other filesystem's scheme. */
  private final Map<String, Map<Op, Route>> byScheme = new ConcurrentHashMap<>();

  private DeclaredRoutes(Class<?> type) {
    Map<Op, OwnRoute> own = new EnumMap<>(Op.class);
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Method method : c.getDeclaredMethods()) {
        OwnRoute route = method.getAnnotation(OwnRoute.class);
        if (route == null || method.isBridge() || method.isSynthetic()) {
          continue;
        }
        Op family = familyOf(method);
        if (family == null) {
          throw refused(type, method + " is no family's method, yet declares " + route.op());
        }
        if (family != route.op()) {
          throw refused(
              type, method + " does " + family.family() + ", yet declares " + route.op().family());
        }
        if (own.put(route.op(), route) != null) {
          throw refused(type, route.op().family() + " is declared own twice");
        }
        if (route.via().isBlank()) {
          throw refused(type, route.op().family() + " says nothing of what does the work");
        }
      }
    }
    NioFallbacks fallbacks = type.getAnnotation(NioFallbacks.class);
    Map<Op, String> reasons = new EnumMap<>(Op.class);
    if (fallbacks != null) {
      if (fallbacks.otherwise().isBlank()) {
        throw refused(type, "NioFallbacks.otherwise is empty");
      }
      for (NioFallback fallback : fallbacks.value()) {
        if (own.containsKey(fallback.op())) {
          throw refused(type, fallback.op().family() + " is declared own and a NIO fallback");
        }
        if (reasons.put(fallback.op(), fallback.reason()) != null) {
          throw refused(type, fallback.op().family() + " is listed twice in NioFallbacks");
        }
        if (fallback.reason().isBlank()) {
          throw refused(type, fallback.op().family() + " falls back without a reason");
        }
      }
    }
    Map<Op, Route> onDefault = new EnumMap<>(Op.class);
    Map<Op, Route> elsewhere = new EnumMap<>(Op.class);
    for (Op op : Op.values()) {
      OwnRoute route = own.get(op);
      if (route != null) {
        onDefault.put(op, Route.own(route.via()));
        elsewhere.put(
            op, route.elsewhere().isEmpty() ? Route.own(route.via()) : fallback(route.elsewhere()));
      } else if (fallbacks != null) {
        Route fallback = fallback(reasons.getOrDefault(op, fallbacks.otherwise()));
        onDefault.put(op, fallback);
        elsewhere.put(op, fallback);
      } else {
        throw refused(type, op.family() + " has no own route and the class no NioFallbacks");
      }
    }
    this.onDefault = Collections.unmodifiableMap(onDefault);
    this.elsewhere = Collections.unmodifiableMap(elsewhere);
    DefaultFileSystemOnly only = type.getAnnotation(DefaultFileSystemOnly.class);
    if (only != null && only.value().isBlank()) {
      throw refused(type, "DefaultFileSystemOnly gives no reason");
    }
    this.onlyDefault = only == null ? null : only.value();
  }

  /** The table of {@code type}, derived on the first call for it and cached. */
  public static DeclaredRoutes of(Class<? extends FsBackend> type) {
    return CACHE.get(Objects.requireNonNull(type, "type"));
  }

  /** The route of every family for a backend working on {@code fileSystem}: unmodifiable. */
  public Map<Op, Route> on(FileSystem fileSystem) {
    if (fileSystem == FileSystems.getDefault()) {
      return onDefault;
    }
    if (onlyDefault == null) {
      return elsewhere;
    }
    return byScheme.computeIfAbsent(
        fileSystem.provider().getScheme(),
        scheme -> {
          Map<Op, Route> routes = new EnumMap<>(Op.class);
          Route fallback = fallback(onlyDefault.replace("{scheme}", scheme));
          for (Op op : Op.values()) {
            routes.put(op, fallback);
          }
          return Collections.unmodifiableMap(routes);
        });
  }

  /**
   * The family of a method that overrides one of {@link FsBackend}'s (its name and parameter
   * types): the op whose family name is the longest prefix of the method's name ({@code readFile},
   * {@code readFileText} and {@code readFileAsync} are {@link Op#READ_FILE}'s, {@code rmdir} is
   * {@link Op#RMDIR}'s); {@code null} for any other method.
   */
  static Op familyOf(Method method) {
    try {
      FsBackend.class.getMethod(method.getName(), method.getParameterTypes());
    } catch (NoSuchMethodException e) {
      return null;
    }
    Op family = null;
    for (Op op : Op.values()) {
      if (method.getName().startsWith(op.family())
          && (family == null || op.family().length() > family.family().length())) {
        family = op;
      }
    }
    return family;
  }

  private static Route fallback(String reason) {
    return Route.nioFallback("NioBackend; " + reason);
  }

  private static IllegalStateException refused(Class<?> type, String why) {
    return new IllegalStateException(type.getName() + " declares its routes wrongly: " + why);
  }
}
