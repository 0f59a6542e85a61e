package dev.fsbench.support;

import dev.fsbench.spi.Op;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The route of a family a backend does itself, declared on the method that does it: the backend
 * class's override of the family's {@link dev.fsbench.spi.FsBackend} method ({@code readFile} for
 * {@link Op#READ_FILE}; of a family's overloads, such as {@code readFile} and {@code readFileText},
 * one carries it). {@link DeclaredRoutes} derives the table from these and from the class's {@link
 * NioFallbacks}, and refuses an {@code op} that is not the method's family, or a family declared
 * twice.
 *
 * <pre>{@code
 * @OwnRoute(op = Op.READ_FILE, via = "MoreFiles.asByteSource(path).read()")
 * @Override public byte[] readFile(Path path) throws IOException { ... }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface OwnRoute {
  /** The family: the one of the method this sits on. */
  Op op();

  /** What does the work, for a reader: the route's text, {@code own: via}. */
  String via();

  /**
   * Empty (the default): the own route holds on every filesystem. Otherwise it holds on the default
   * filesystem only (a {@code java.io.File} call), and on any other the family is a NIO fallback
   * for this reason ({@code nio fallback: NioBackend; elsewhere}).
   */
  String elsewhere() default "";
}
