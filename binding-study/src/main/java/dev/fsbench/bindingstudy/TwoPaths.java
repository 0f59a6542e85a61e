package dev.fsbench.bindingstudy;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The paths of a two-path call: the fixture's files {@code a} and {@code b} of the {@code name}
 * parameter, two names of one file ({@code b} is a hard link to {@code a}), of the same length and
 * differing only in their last byte.
 */
@State(Scope.Thread)
public class TwoPaths {
  @Param({"ascii"})
  public String name;

  PathForms a;
  PathForms b;

  @Setup(Level.Trial)
  public void open(Fixture fixture) {
    a = new PathForms(fixture.file(name, 'a'));
    b = new PathForms(fixture.file(name, 'b'));
  }
}
