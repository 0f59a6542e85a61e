package dev.fsbench.antglob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.GlobOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The translation of the SPI's patterns into Ant-style includes and excludes, and what it refuses,
 * without a scanner: what each backend's scanner is then given.
 */
class AntPatternsTest {
  private static final Dialect PLAIN = () -> "a test scanner";
  private static final GlobOptions NO_DOT = GlobOptions.DEFAULT;
  private static final GlobOptions DOT = GlobOptions.DEFAULT.withDot(true);

  private static AntPatterns of(GlobOptions options, String... patterns) {
    return AntPatterns.of(List.of(patterns), options, PLAIN);
  }

  private static String refusal(GlobOptions options, String... patterns) {
    return assertThrows(AntPatterns.Refused.class, () -> of(options, patterns)).deviation();
  }

  @Test
  void bracesAreExpandedIntoOneIncludeEach() {
    AntPatterns p = of(DOT, "src/{main,test/unit}/*.{js,ts}", "{a,a}");
    assertEquals(
        List.of("src/main/*.js", "src/main/*.ts", "src/test/unit/*.js", "src/test/unit/*.ts", "a"),
        List.of(p.includes()));
    assertEquals(List.of(), List.of(p.excludes()));
  }

  @Test
  void escapesBecomeTheCharacterAndLiteralBracketsAndBracesStay() {
    assertEquals(List.of("[x].txt"), List.of(of(DOT, "\\[x\\].txt").includes()));
    assertEquals(List.of("{a}", "a,b"), List.of(of(DOT, "{a}", "a\\,b").includes()));
    assertEquals(List.of("ab"), List.of(of(DOT, "\\a\\b").includes()));
  }

  @Test
  void runsOfStarsInASegmentAreOneStarAndRepeatedGlobstarsOne() {
    assertEquals(List.of("*", "s*", "*.js"), List.of(of(DOT, "***", "s**", "**.js").includes()));
    assertEquals(List.of("a/**/*"), List.of(of(DOT, "a/**/**/*").includes()));
  }

  @Test
  void emptyAndDotSegmentsAreDroppedAndTheWorkingDirectoryMatchesNothing() {
    assertEquals(List.of("src/main.js"), List.of(of(DOT, "./src//./main.js").includes()));
    assertTrue(of(DOT, ".", "./", ".//.").isEmpty());
  }

  @Test
  void aTrailingGlobstarIsEverythingBelowAndTheDirectoryItself() {
    AntPatterns p = of(DOT, "src/**");
    assertEquals(List.of("src/**/*", "src"), List.of(p.includes()));
    assertTrue(p.someForDirectoriesOnly());
    AntPatterns.Matcher exact = (pattern, path) -> pattern.equals(path);
    assertFalse(p.keepsNonDirectory("src", exact), "a file src is not matched by src/**");
    assertTrue(p.keepsNonDirectory("src/**/*", exact));
  }

  @Test
  void aTrailingSlashOrDotIsForDirectoriesOnly() {
    for (String pattern : List.of("src/", "src/.", "src\\/")) {
      AntPatterns p = of(DOT, pattern);
      assertEquals(List.of("src"), List.of(p.includes()), pattern);
      assertFalse(p.keepsNonDirectory("src", (a, b) -> true), pattern);
    }
    assertEquals(List.of("**"), List.of(of(DOT, "**/").includes()));
  }

  @Test
  void withoutDotWildcardsGetTheDotExcludes() {
    assertEquals(AntPatterns.NO_DOT_NAMES, List.of(of(NO_DOT, "**/*").excludes()));
    assertEquals(AntPatterns.NO_DOT_NAMES, List.of(of(NO_DOT, "src/*.js", "a.js").excludes()));
  }

  @Test
  void withoutDotLiteralPatternsNeedNoExcludes() {
    assertEquals(List.of(), List.of(of(NO_DOT, ".*", "src/util/.*", "a.js").excludes()));
    assertEquals(List.of(), List.of(of(NO_DOT, "{.hidden,a}.js").excludes()));
  }

  @Test
  void withoutDotADotSegmentBesideAWildcardIsRefused() {
    assertEquals("dotrule", refusal(NO_DOT, ".*/*"));
    assertEquals("dotrule", refusal(NO_DOT, "**/.git"));
    assertEquals("dotrule", refusal(NO_DOT, ".github/**"));
    assertEquals("dotrule", refusal(NO_DOT, ".*", "*.js"));
    assertEquals(List.of(".github/**/*", ".github"), List.of(of(DOT, ".github/**").includes()));
  }

  @Test
  void bracketsAreRefused() {
    for (String pattern : List.of("[ab].js", "src/[!a]*", "x[a-z]", "[x].txt")) {
      assertEquals("brackets", refusal(DOT, pattern), pattern);
    }
  }

  @Test
  void aLiteralStarQuestionMarkOrBackslashIsRefused() {
    for (String pattern : List.of("\\*", "a\\?", "\\\\", "*\\*")) {
      assertEquals("escapes", refusal(DOT, pattern), pattern);
    }
  }

  @Test
  void malformedPatternsAreRefusedAsTheSpiRefusesThem() {
    for (String pattern : List.of("{a,b", "[abc", "/abs", "a/../b", "", "abc\\")) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> of(DOT, pattern), pattern);
      assertTrue(e.getMessage().startsWith("malformed glob pattern"), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> AntPatterns.of(List.of(), DOT, PLAIN));
    assertThrows(NullPointerException.class, () -> of(DOT, "a", null));
  }

  @Test
  void theDialectRefusesWhatItWouldReadOtherwise() {
    Dialect noPercent =
        new Dialect() {
          @Override
          public String scanner() {
            return "a scanner that reads % itself";
          }

          @Override
          public Refusal refusal(String antPattern) {
            return antPattern.startsWith("%") ? new Refusal("handlers", "it reads %") : null;
          }
        };
    AntPatterns.Refused e =
        assertThrows(
            AntPatterns.Refused.class, () -> AntPatterns.of(List.of("%x*"), DOT, noPercent));
    assertEquals("handlers", e.deviation());
    assertTrue(e.getMessage().contains("'handlers'"), e.getMessage());
  }

  @Test
  void literalRootsAreThePartsBeforeTheFirstWildcard() {
    AntPatterns p = of(DOT, "link/main.js", "src/*/x", "**/y");
    assertTrue(p.isLiteralRoot("link/main.js"));
    assertTrue(p.isLiteralRoot("src"));
    assertTrue(p.isLiteralRoot(""));
    assertFalse(p.isLiteralRoot("src/x"));
  }
}
