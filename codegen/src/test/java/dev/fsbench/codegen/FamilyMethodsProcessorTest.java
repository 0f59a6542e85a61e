package dev.fsbench.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
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
    Compiled compiled = compile(OP, BACKEND.formatted(""), DELEGATE, true);
    assertEquals(List.of(), compiled.errors);
    String written = compiled.written("demo/Families.java");
    assertTrue(written.contains("check(file, \"file\");\n    return delegate().readFile(file);"));
    assertTrue(written.contains("java.nio.file.AccessMode... modes"), written);
    assertTrue(written.contains("return delegate().stat(path, modes);"), written);
    assertTrue(!written.contains("readFileText") && !written.contains("readFileAsync"), written);
  }

  @Test
  void routedKeepsOneFieldPerFamilyAndForwardsEveryForm() throws IOException {
    Compiled compiled = compile(OP, BACKEND.formatted(""), ROUTED, true);
    assertEquals(List.of(), compiled.errors);
    String written = compiled.written("demo/Routes.java");
    assertTrue(written.contains("private final dev.fsbench.spi.FsBackend toReadFile;"), written);
    assertTrue(written.contains("private final dev.fsbench.spi.FsBackend toStat;"), written);
    assertTrue(written.contains("return toReadFile.readFileText(file);"), written);
    assertTrue(written.contains("return toReadFile.readFileAsync(file);"), written);
    assertTrue(!written.contains("check("), written);
  }

  @Test
  void aMethodOfNoFamilyIsACompileError() throws IOException {
    Compiled compiled =
        compile(OP, BACKEND.formatted("void frobnicate(Path path);"), DELEGATE, true);
    assertTrue(
        compiled.errors.stream().anyMatch(e -> e.contains("frobnicate is no family's method")),
        compiled.errors.toString());
  }

  @Test
  void aFamilyWithoutAMethodIsACompileError() throws IOException {
    Compiled compiled =
        compile(
            "package dev.fsbench.spi; public enum Op { READ_FILE, STAT, LINES }",
            BACKEND.formatted(""),
            ROUTED,
            true);
    assertTrue(
        compiled.errors.stream().anyMatch(e -> e.contains("has no method for [LINES]")),
        compiled.errors.toString());
  }

  @Test
  void anSpiCompiledWithoutParameterNamesIsRefused() throws IOException {
    Compiled compiled = compile(OP, BACKEND.formatted(""), DELEGATE, false);
    assertTrue(
        compiled.errors.stream().anyMatch(e -> e.contains("compile the spi with -parameters")),
        compiled.errors.toString());
  }

  private record Compiled(Path generated, List<String> errors) {
    String written(String name) throws IOException {
      return Files.readString(generated.resolve(name), StandardCharsets.UTF_8);
    }
  }

  /**
   * Compiles the stand-in spi first (with or without {@code -parameters}), then the decorator
   * against its class files with the processor, as Maven compiles the modules.
   */
  private Compiled compile(String op, String backend, String decorator, boolean parameters)
      throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    Path spiClasses = Files.createDirectories(dir.resolve("spi-classes"));
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path generated = Files.createDirectories(dir.resolve("generated"));
    List<String> spiOptions = new ArrayList<>(List.of("-d", spiClasses.toString(), "-proc:none"));
    if (parameters) {
      spiOptions.add("-parameters");
    }
    List<String> spiErrors =
        run(
            javac,
            spiOptions,
            List.of(write("Op.java", op), write("FsBackend.java", backend)),
            false);
    assertEquals(List.of(), spiErrors, "the stand-in spi compiles");
    List<String> options =
        List.of(
            "-d",
            classes.toString(),
            "-s",
            generated.toString(),
            "-classpath",
            spiClasses + java.io.File.pathSeparator + System.getProperty("java.class.path"));
    return new Compiled(
        generated, run(javac, options, List.of(write("Demo.java", decorator)), true));
  }

  private static List<String> run(
      JavaCompiler javac, List<String> options, List<Path> sources, boolean process)
      throws IOException {
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
      JavaCompiler.CompilationTask task =
          javac.getTask(
              null, files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(sources));
      if (process) {
        task.setProcessors(List.of(new FamilyMethodsProcessor()));
      }
      task.call();
    }
    return diagnostics.getDiagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
        .map(d -> d.getMessage(null))
        .collect(Collectors.toList());
  }

  private Path write(String name, String source) throws IOException {
    Path sources = Files.createDirectories(dir.resolve("src"));
    return Files.writeString(sources.resolve(name), source, StandardCharsets.UTF_8);
  }
}
