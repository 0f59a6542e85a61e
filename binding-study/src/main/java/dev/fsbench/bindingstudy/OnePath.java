package dev.fsbench.bindingstudy;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The path of a one-path call: the fixture's file {@code a} of the {@code name} parameter ({@link
 * Fixture}: {@code ascii} by default; {@code -p name=utf8,not-utf8} adds the others).
 */
@State(Scope.Thread)
public class OnePath {
  @Param({"ascii"})
  public String name;

  PathForms file;

  @Setup(Level.Trial)
  public void open(Fixture fixture) {
    file = new PathForms(fixture.file(name, 'a'));
  }
}
