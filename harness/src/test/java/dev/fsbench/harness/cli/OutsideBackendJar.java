package dev.fsbench.harness.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Test only: builds, at test time, the jar a backend author outside this build would hand over: a
 * provider compiled against the SPI alone (it forwards every call to nio, found through {@code
 * Backends}) and its {@code META-INF/services} entry, nothing else.
 */
final class OutsideBackendJar {
  private OutsideBackendJar() {}

  /** Compiles a provider of backend {@code id} in {@code dir} and returns its jar there. */
  static Path build(Path dir, String id) throws IOException {
    String pkg = "outside." + id.replace('-', '_');
    Path sources = Files.createDirectories(dir.resolve("src-" + id));
    Path classes = Files.createDirectories(dir.resolve("classes-" + id));
    Path source = sources.resolve("OutsideProvider.java");
    Files.writeString(source, providerSource(pkg, id), StandardCharsets.UTF_8);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException("the tests need a JDK: no system Java compiler");
    }
    StringWriter messages = new StringWriter();
    boolean compiled =
        javac
            .getTask(
                messages,
                null,
                null,
                List.of(
                    "--release",
                    "17",
                    "-classpath",
                    System.getProperty("java.class.path"),
                    "-d",
                    classes.toString()),
                null,
                javac
                    .getStandardFileManager(null, null, StandardCharsets.UTF_8)
                    .getJavaFileObjects(source))
            .call();
    if (!compiled) {
      throw new IllegalStateException("the outside provider did not compile:\n" + messages);
    }
    Path jar = dir.resolve(id + ".jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
        Stream<Path> files = Files.walk(classes)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        put(out, classes.relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
      }
      put(
          out,
          OutsideJars.SERVICE_FILE,
          ("# the outside backend\n" + pkg + ".OutsideProvider\n")
              .getBytes(StandardCharsets.UTF_8));
    }
    return jar;
  }

  /** A jar with a class but no service entry: it provides nothing. */
  static Path withoutProvider(Path dir) throws IOException {
    Path jar = dir.resolve("no-provider.jar");
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file)) {
      put(out, "README.txt", "nothing to see".getBytes(StandardCharsets.UTF_8));
    }
    return jar;
  }

  private static void put(JarOutputStream out, String name, byte[] content) throws IOException {
    out.putNextEntry(new JarEntry(name));
    out.write(content);
    out.closeEntry();
  }

  private static String providerSource(String pkg, String id) {
    return String.join(
        "\n",
        "package " + pkg + ";",
        "",
        "import dev.fsbench.spi.*;",
        "import java.lang.reflect.*;",
        "import java.util.Map;",
        "",
        "public final class OutsideProvider implements BackendProvider {",
        "  public String id() { return \"" + id + "\"; }",
        "  public String description() { return \"built at test time, forwards to nio\"; }",
        "  public Map<String, String> details() { return Map.of(\"built\", \"at test time\"); }",
        "  public Availability availability() { return Availability.available(); }",
        "  public FsBackend create(BackendConfig config) {",
        "    FsBackend nio = Backends.create(\"nio\", config);",
        "    InvocationHandler forward = (proxy, method, args) -> {",
        "      if (method.getName().equals(\"id\")) return \"" + id + "\";",
        "      try { return method.invoke(nio, args); }",
        "      catch (InvocationTargetException e) { throw e.getCause(); }",
        "    };",
        "    return (FsBackend) Proxy.newProxyInstance(",
        "        FsBackend.class.getClassLoader(), new Class<?>[] {FsBackend.class}, forward);",
        "  }",
        "}",
        "");
  }
}
