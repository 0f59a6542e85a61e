package dev.fsbench.support;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Why a backend hands to NIO the families it has no {@link OwnRoute} for, declared on the backend
 * class: a reason per family where there is a specific one ({@link #value}), and {@link #otherwise}
 * for every other family, so that a family added to the SPI later, which the backend does not
 * implement, needs no edit here.
 *
 * <pre>{@code
 * @NioFallbacks(
 *     otherwise = "Guava has no call for it",
 *     value = {@NioFallback(op = Op.GLOB, reason = "Guava has no glob")})
 * public final class GuavaBackend extends PeerBackend { ... }
 * }</pre>
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface NioFallbacks {
  /** The reason of a family neither own nor listed in {@link #value}. */
  String otherwise();

  /** The families with a reason of their own. */
  NioFallback[] value() default {};
}
