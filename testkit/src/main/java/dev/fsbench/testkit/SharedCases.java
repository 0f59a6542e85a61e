package dev.fsbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fsbench.spi.Capability;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The cases every family shares, derived from its {@link FamilyContract#typical typical call} and
 * {@link FamilyContract#signature signature}: the call itself, each reference argument replaced by
 * {@code null}, each path argument by a path of another filesystem, and, when the backend lacks the
 * family's capability, the typical call, which must then be refused.
 */
final class SharedCases {
  private SharedCases() {}

  static List<Case> of(FamilyContract family) {
    List<Case> cases = new ArrayList<>();
    String[] parameters = family.signature().split(", ");
    cases.add(
        Case.result(
            "typical call (" + family.signature() + ") succeeds",
            s -> {
              Invocation call = family.typical(s);
              assertEquals(
                  parameters.length,
                  call.arity(),
                  "typical call's arity against signature " + family.signature());
              call.invoke(s.fs());
            }));
    for (int i = 0; i < parameters.length; i++) {
      int index = i;
      String type = parameters[i].substring(0, parameters[i].indexOf(' '));
      String name = parameters[i].substring(parameters[i].indexOf(' ') + 1);
      if (type.equals("int") || type.equals("long")) {
        continue;
      }
      cases.add(
          Case.error(
              "null " + name + ": NullPointerException, nothing changed",
              s -> {
                Invocation call = family.typical(s);
                s.fails(
                    Failure.unchecked(NullPointerException.class),
                    () -> call.with(index, null).invoke(s.fs()));
              }));
      if (type.equals("Path")) {
        cases.add(
            Case.error(
                name + " of another filesystem: ProviderMismatchException, nothing changed",
                s -> {
                  Invocation call = family.typical(s);
                  Path foreign = ForeignPaths.of(s.env());
                  s.fails(
                      Failure.unchecked(ProviderMismatchException.class),
                      () -> call.with(index, foreign).invoke(s.fs()));
                }));
      }
    }
    return cases;
  }

  static Case unsupported(FamilyContract family, Set<Capability> missing) {
    return Case.result(
        "without " + missing + ": UnsupportedOperationException, nothing changed",
        s -> {
          Invocation call = family.typical(s);
          s.fails(
              Failure.unchecked(UnsupportedOperationException.class), () -> call.invoke(s.fs()));
        });
  }
}
