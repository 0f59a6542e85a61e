package dev.fsbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.Capability;
import dev.fsbench.spi.Op;
import java.nio.file.FileSystems;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The kit's coverage guard: every {@link Op} has exactly one family contract, and every family
 * contract has result cases and error cases (counted with every capability present, so no case
 * hides behind a missing one), and a permission case where the family can be denied.
 */
class KitCoverageTest {

  private static final Env FULL =
      new Env(FileSystems.getDefault(), EnumSet.allOf(Capability.class), 022, 0, 0, false);

  @Test
  void everyOpHasExactlyOneFamilyContract() {
    List<Op> covered = Families.ALL.stream().map(FamilyContract::op).collect(Collectors.toList());
    assertEquals(List.of(Op.values()), covered, "the families, one per op, in Op's order");
    for (Op op : Op.values()) {
      assertEquals(op, Families.of(op).op(), "the contract filed under " + op);
    }
  }

  @Test
  void everyFamilyHasResultAndErrorCases() {
    for (FamilyContract family : Families.ALL) {
      List<Case> cases = family.cases(FULL);
      long results = cases.stream().filter(c -> c.kind() == Case.Kind.RESULT).count();
      long errors = cases.stream().filter(c -> c.kind() == Case.Kind.ERROR).count();
      assertTrue(results > 0, family.op() + " has no result case");
      assertTrue(errors > 0, family.op() + " has no error case");
      assertEquals(
          cases.size(),
          cases.stream().map(Case::name).distinct().count(),
          family.op() + " has two cases of the same name");
    }
  }

  @Test
  void everyFamilyThatCanBeDeniedHasAPermissionCase() {
    for (FamilyContract family : Families.ALL) {
      List<PermissionCases.PermissionCase> cases = family.permissionCases();
      // exists never fails (a denied lookup is false), and it has a permission case proving that
      // too
      assertFalse(cases.isEmpty(), family.op() + " has no permission case");
      for (PermissionCases.PermissionCase c : cases) {
        assertEquals(family.op(), c.op(), c.label() + " is filed under " + family.op());
      }
    }
    Set<Op> withPermissionCase =
        PermissionCases.all().stream()
            .map(PermissionCases.PermissionCase::op)
            .collect(Collectors.toSet());
    assertEquals(Set.of(Op.values()), withPermissionCase, "families without a permission case");
  }

  @Test
  void everyFamilyHasANonUtf8NameCase() {
    for (FamilyContract family : Families.ALL) {
      assertEquals(
          Case.Kind.RESULT, family.nonUtf8Name().kind(), family.op() + "'s non-UTF-8 case");
    }
    List<Op> covered =
        NonUtf8Names.all().stream().map(NonUtf8Names.NameCase::op).collect(Collectors.toList());
    assertEquals(List.of(Op.values()), covered, "families without a non-UTF-8 name case");
  }

  @Test
  void signaturesNameEveryParameter() {
    for (FamilyContract family : Families.ALL) {
      for (String parameter : family.signature().split(", ")) {
        assertEquals(
            2,
            parameter.split(" ").length,
            family.op() + ": '" + parameter + "' is not 'Type name'");
      }
      assertFalse(family.signature().isBlank(), family.op() + " has no signature");
    }
  }
}
