package dev.fsbench.testkit;

import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.util.List;
import java.util.Set;

/**
 * The contract of one family, all the kit knows about it in one place: its result and error cases,
 * a typical call from which the kit derives the cases every family shares (null arguments, a path
 * of another filesystem, the async form of each case), and its cases in the two runs that cut
 * across families, the non-UTF-8 names and the permission denials.
 *
 * <p>A subclass per family, filed by {@link Families#create}. Cases compare against independent
 * oracles (fixed bytes, times and modes the case set itself, or what {@code Files} reads back),
 * never against another backend.
 */
abstract class FamilyContract {

  abstract Op op();

  /** The family's own cases; {@code env} says what the filesystem and backend offer. */
  abstract List<Case> cases(Env env);

  /**
   * A typical successful call on fixtures made in {@code sandbox}, used by the shared cases. Its
   * arguments are replaced one at a time by {@code null} or a foreign path, and the call must then
   * fail without changing anything.
   */
  abstract Invocation typical(Sandbox sandbox) throws Exception;

  /**
   * The parameters of {@link #typical}'s call as Java declares them, {@code "Path path, int mode"}:
   * the shared cases replace each reference parameter by {@code null} and each {@code Path} by a
   * foreign path.
   */
  abstract String signature();

  /**
   * The family's non-UTF-8 name case ({@link NonUtf8Names}): a call on NIO's path of the name
   * {@code caf\xe9} beside its twin, which must act on that file or refuse it, never touch the
   * twin. Abstract, so that a family without one does not compile.
   */
  abstract Case nonUtf8Name();

  /**
   * The family's permission cases ({@link PermissionCases}), made with its factories and this
   * family's {@link #op()}: at least one, even where the family cannot be denied (exists proves
   * that a denied lookup is false). Abstract, so that a family without them does not compile.
   */
  abstract List<PermissionCase> permissionCases();

  /**
   * What the backend must support for this family to be callable; without it the family must throw
   * UOE.
   */
  Set<Capability> requires() {
    return Set.of();
  }
}
