package dev.fsbench.support;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A backend that addresses the default filesystem only (it passes path strings to the kernel): on
 * any other filesystem every family is a NIO fallback for this reason, its own routes and its
 * declared {@link NioFallbacks} alike. {@code {scheme}} in the reason stands for the filesystem's
 * URI scheme ({@code jimfs}). {@link DeclaredRoutes} reads it beside the class's other
 * declarations.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface DefaultFileSystemOnly {
  /** Why no family can run elsewhere; {@code {scheme}} is replaced by the filesystem's scheme. */
  String value();
}
