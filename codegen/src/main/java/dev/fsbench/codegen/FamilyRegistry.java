package dev.fsbench.codegen;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Asks for a module's registry of one entry per {@code Op}: a package-private final class named
 * {@link #generate()}, in the annotated class's package, whose {@code static T of(Op op)} is a
 * switch over every {@code Op} returning the {@link FamilyEntry} filed for it. An {@code Op}
 * without an entry, or with two, fails the build naming it; so does a second registry in one
 * module.
 *
 * <p>The switch names each entry's class only in its own branch, so asking for one family loads
 * that family's class alone (a benchmark fork needs one).
 */
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.TYPE)
public @interface FamilyRegistry {

  /** The simple name of the class to write. */
  String generate();

  /** The qualified name of the entries' type, {@code T}. */
  String of();
}
