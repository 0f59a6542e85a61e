package dev.fsbench.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The registry processor run by javac on a stand-in {@code Op} of three families and a module of
 * entries, in a temporary directory: the switch it writes, and the gaps it refuses.
 */
class FamilyRegistryProcessorTest {
  @TempDir Path dir;

  private static final Map<String, String> SPI =
      Map.of("Op.java", "package dev.fsbench.spi; public enum Op { READ_FILE, STAT, LSTAT }");

  private static final String REGISTRY =
      """
      package demo;
      @dev.fsbench.codegen.FamilyRegistry(generate = "Registry", of = "demo.Entry")
      final class Families {
        static Entry of(dev.fsbench.spi.Op op) { return Registry.of(op); }
      }
      """;

  private static final String ENTRY = "package demo; class Entry {}";

  private static final String READ =
      """
      package demo;
      import dev.fsbench.codegen.FamilyEntry;
      import dev.fsbench.spi.Op;
      @FamilyEntry(Op.READ_FILE)
      final class ReadEntry extends Entry {}
      """;

  private static final String STAT =
      """
      package demo;
      import dev.fsbench.codegen.FamilyEntry;
      import dev.fsbench.spi.Op;
      final class StatEntries {
        @FamilyEntry(Op.STAT) static final Entry STAT = new Entry();
        @FamilyEntry(Op.LSTAT) static final Entry LSTAT = new Entry();
      }
      """;

  @Test
  void writesOneBranchPerOpFromFieldsAndClasses() throws IOException {
    Javac.Compiled compiled =
        compile(
            Map.of(
                "Families.java", REGISTRY,
                "Entry.java", ENTRY,
                "ReadEntry.java", READ,
                "StatEntries.java", STAT));
    assertEquals(List.of(), compiled.errors());
    String written = compiled.written("demo/Registry.java");
    assertTrue(written.contains("case READ_FILE -> new demo.ReadEntry();"), written);
    assertTrue(written.contains("case STAT -> demo.StatEntries.STAT;"), written);
    assertTrue(written.contains("case LSTAT -> demo.StatEntries.LSTAT;"), written);
  }

  @Test
  void anOpWithoutAnEntryIsACompileError() throws IOException {
    Javac.Compiled compiled =
        compile(Map.of("Families.java", REGISTRY, "Entry.java", ENTRY, "ReadEntry.java", READ));
    assertTrue(
        compiled.failedWith("no FamilyEntry for [STAT, LSTAT]"), compiled.errors().toString());
  }

  @Test
  void twoEntriesForOneOpAreACompileError() throws IOException {
    String again = READ.replace("ReadEntry", "ReadAgain");
    Javac.Compiled compiled =
        compile(
            Map.of(
                "Families.java", REGISTRY,
                "Entry.java", ENTRY,
                "ReadEntry.java", READ,
                "ReadAgain.java", again,
                "StatEntries.java", STAT));
    assertTrue(compiled.failedWith("two entries for READ_FILE"), compiled.errors().toString());
  }

  @Test
  void anEntryWithoutARegistryIsACompileError() throws IOException {
    Javac.Compiled compiled = compile(Map.of("Entry.java", ENTRY, "ReadEntry.java", READ));
    assertTrue(
        compiled.failedWith("a FamilyEntry without a FamilyRegistry"),
        compiled.errors().toString());
  }

  private Javac.Compiled compile(Map<String, String> module) throws IOException {
    return new Javac(dir).compile(SPI, false, module, new FamilyRegistryProcessor());
  }
}
