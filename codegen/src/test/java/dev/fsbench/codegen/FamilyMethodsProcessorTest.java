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
 * The processor run by javac on a small stand-in for the spi ({@code Op} and {@code FsBackend} of
 * two families), in a temporary directory: what it writes, and the mistakes it refuses.
 */
class FamilyMethodsProcessorTest {
  @TempDir Path dir;

  private static final String OP = "package dev.fsbench.spi; public enum Op { READ_FILE, STAT }";

  private static final String BACKEND =
      """
      package dev.fsbench.spi;
      import java.io.IOException;
      import java.nio.file.Path;
      import java.nio.file.AccessMode;
      import java.util.concurrent.CompletableFuture;
      public interface FsBackend extends AutoCloseable {
        String id();
        void close();
        byte[] readFile(Path file) throws IOException;
        default String readFileText(Path file) throws IOException { return new String(readFile(file)); }
        default CompletableFuture<byte[]> readFileAsync(Path file) { return null; }
        Object stat(Path path, AccessMode... modes) throws IOException;
        %s
      }
      """;

  private static final String DELEGATE =
      """
      package demo;
      import dev.fsbench.codegen.FamilyMethods;
      import dev.fsbench.spi.FsBackend;
      import java.nio.file.Path;
      @FamilyMethods(superclass = "Families", style = FamilyMethods.Style.CHECKED_DELEGATE)
      public class Demo extends Families {
        protected final FsBackend delegate() { return null; }
        protected final Path check(Path path, String name) { return path; }
        public String id() { return "demo"; }
        public void close() {}
      }
      """;

  private static final String ROUTED =
      """
      package demo;
      import dev.fsbench.codegen.FamilyMethods;
      @FamilyMethods(superclass = "Routes", style = FamilyMethods.Style.ROUTED)
      final class Demo extends Routes {
        Demo() { super(op -> null); }
        public String id() { return "demo"; }
        public void close() {}
      }
      """;

  @Test
  void checkedDelegateChecksEachPathByItsNameAndLeavesTheDefaults() throws IOException {
    Javac.Compiled compiled = compile(OP, BACKEND.formatted(""), DELEGATE, true);
    assertEquals(List.of(), compiled.errors());
    String written = compiled.written("demo/Families.java");
    assertTrue(written.contains("check(file, \"file\");\n    return delegate().readFile(file);"));
    assertTrue(written.contains("java.nio.file.AccessMode... modes"), written);
    assertTrue(written.contains("return delegate().stat(path, modes);"), written);
    assertTrue(!written.contains("readFileText") && !written.contains("readFileAsync"), written);
  }

  @Test
  void routedKeepsOneFieldPerFamilyAndForwardsEveryForm() throws IOException {
    Javac.Compiled compiled = compile(OP, BACKEND.formatted(""), ROUTED, true);
    assertEquals(List.of(), compiled.errors());
    String written = compiled.written("demo/Routes.java");
    assertTrue(written.contains("private final dev.fsbench.spi.FsBackend toReadFile;"), written);
    assertTrue(written.contains("private final dev.fsbench.spi.FsBackend toStat;"), written);
    assertTrue(written.contains("return toReadFile.readFileText(file);"), written);
    assertTrue(written.contains("return toReadFile.readFileAsync(file);"), written);
    assertTrue(!written.contains("check("), written);
  }

  @Test
  void aMethodOfNoFamilyIsACompileError() throws IOException {
    Javac.Compiled compiled =
        compile(OP, BACKEND.formatted("void frobnicate(Path path);"), DELEGATE, true);
    assertTrue(
        compiled.failedWith("frobnicate is no family's method"), compiled.errors().toString());
  }

  @Test
  void aFamilyWithoutAMethodIsACompileError() throws IOException {
    Javac.Compiled compiled =
        compile(
            "package dev.fsbench.spi; public enum Op { READ_FILE, STAT, LINES }",
            BACKEND.formatted(""),
            ROUTED,
            true);
    assertTrue(compiled.failedWith("has no method for [LINES]"), compiled.errors().toString());
  }

  @Test
  void anSpiCompiledWithoutParameterNamesIsRefused() throws IOException {
    Javac.Compiled compiled = compile(OP, BACKEND.formatted(""), DELEGATE, false);
    assertTrue(
        compiled.failedWith("compile the spi with -parameters"), compiled.errors().toString());
  }

  private Javac.Compiled compile(String op, String backend, String decorator, boolean parameters)
      throws IOException {
    return new Javac(dir)
        .compile(
            Map.of("Op.java", op, "FsBackend.java", backend),
            parameters,
            Map.of("Demo.java", decorator),
            new FamilyMethodsProcessor());
  }
}
