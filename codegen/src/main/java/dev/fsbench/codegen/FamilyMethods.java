package dev.fsbench.codegen;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Asks for the superclass of a decorator of {@code dev.fsbench.spi.FsBackend}: a package-private
 * abstract class named {@link #superclass()}, in the annotated class's package, holding one method
 * per family method of {@code FsBackend} written in the given {@link #style()}. The annotated class
 * extends it and writes by hand only what is not a family's: {@code id}, {@code route}, {@code
 * capabilities}, {@code fileSystem}, {@code asyncExecutor}, {@code close}.
 *
 * <p>A family method added to {@code FsBackend} is then forwarded by the next build, and a method
 * that is neither a family's (by name, after {@code dev.fsbench.spi.Op}'s constants) nor one of
 * those six fails it.
 */
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.TYPE)
public @interface FamilyMethods {

  /** The simple name of the class to write; the annotated class must extend it. */
  String superclass();

  /** How each family method is written. */
  Style style();

  /** How a family method hands its call on. */
  enum Style {
    /**
     * Each abstract family method checks its {@code Path} arguments with {@code check(path,
     * "name")} and calls {@code delegate()}'s; the text and async forms stay the interface's
     * defaults, which call this object's sync forms, so an override of a sync form changes them
     * too. The subclass implements {@code delegate()} and {@code check(Path, String)}.
     */
    CHECKED_DELEGATE,

    /**
     * Every family method, abstract or default, sync, text or async, calls the same method of the
     * backend its family was given when the object was made ({@code backendOf.apply(op)}, kept in a
     * final field per family): no lookup per call, and the async forms are that backend's own.
     */
    ROUTED
  }
}
