package dev.fsbench.support;

import dev.fsbench.spi.Op;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One family a backend hands to NIO, with its own reason: an entry of {@link NioFallbacks}. Its
 * route reads {@code nio fallback: NioBackend; reason}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({})
public @interface NioFallback {
  /** The family handed to NIO. */
  Op op();

  /** Why the library does not do it, for a reader comparing columns. */
  String reason();
}
