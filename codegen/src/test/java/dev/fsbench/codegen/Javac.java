package dev.fsbench.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.annotation.processing.Processor;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * javac run on sources in a test's temporary directory, as Maven compiles fsbench's modules: a
 * stand-in spi first, then a module's sources against its class files with one processor.
 */
final class Javac {
  private final Path dir;

  Javac(Path dir) {
    this.dir = dir;
  }

  /** What a compilation wrote, and its errors' messages. */
  record Compiled(Path generated, List<String> errors) {
    String written(String name) throws IOException {
      return Files.readString(generated.resolve(name), StandardCharsets.UTF_8);
    }

    boolean failedWith(String part) {
      return errors.stream().anyMatch(e -> e.contains(part));
    }
  }

  /**
   * Compiles {@code spi} (file name to source, with or without {@code -parameters}), then {@code
   * module} against it with {@code processor}.
   */
  Compiled compile(
      Map<String, String> spi, boolean parameters, Map<String, String> module, Processor processor)
      throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    Path spiClasses = Files.createDirectories(dir.resolve("spi-classes"));
    Path classes = Files.createDirectories(dir.resolve("classes"));
    Path generated = Files.createDirectories(dir.resolve("generated"));
    List<String> spiOptions = new ArrayList<>(List.of("-d", spiClasses.toString(), "-proc:none"));
    if (parameters) {
      spiOptions.add("-parameters");
    }
    assertEquals(List.of(), run(javac, spiOptions, write("spi", spi), null), "the spi compiles");
    List<String> options =
        List.of(
            "-d",
            classes.toString(),
            "-s",
            generated.toString(),
            "-classpath",
            spiClasses + File.pathSeparator + System.getProperty("java.class.path"));
    return new Compiled(generated, run(javac, options, write("module", module), processor));
  }

  private static List<String> run(
      JavaCompiler javac, List<String> options, List<Path> sources, Processor processor)
      throws IOException {
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
      JavaCompiler.CompilationTask task =
          javac.getTask(
              null, files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(sources));
      if (processor != null) {
        task.setProcessors(List.of(processor));
      }
      task.call();
    }
    return diagnostics.getDiagnostics().stream()
        .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
        .map(d -> d.getMessage(null))
        .collect(Collectors.toList());
  }

  private List<Path> write(String folder, Map<String, String> sources) throws IOException {
    Path root = Files.createDirectories(dir.resolve(folder));
    List<Path> files = new ArrayList<>();
    for (Map.Entry<String, String> source : sources.entrySet()) {
      files.add(Files.writeString(root.resolve(source.getKey()), source.getValue()));
    }
    return files;
  }
}
