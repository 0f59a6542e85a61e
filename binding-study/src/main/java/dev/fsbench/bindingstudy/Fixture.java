package dev.fsbench.bindingstudy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The files the calls name, made once per fork and removed after it, none of them changed by any
 * call:
 *
 * <pre>
 * fsbench-binding-XXXX/d0/nested/
 *   file-a        4096 bytes            file-b        a hard link to file-a
 *   文件-ü-a       the same              文件-ü-b       a hard link to it
 *   caf\xe9-a     the same (not UTF-8)  caf\xe9-b     a hard link to it
 * </pre>
 *
 * A benchmark picks a name with its {@code name} parameter: {@code ascii} ({@code file}, the
 * default), {@code utf8}, {@code not-utf8} (a name whose bytes are not UTF-8, which prints with
 * U+FFFD) or {@code missing} (a name that does not exist). The depth is the harness's tree
 * fixture's ({@code source/d0/nested/f0.js}), since a path lookup walks every component.
 *
 * <p>The directory is made in {@code -Dfsbench.sandbox=DIR} if given (as the harness's), otherwise
 * in {@code java.io.tmpdir}. The names that are not ASCII need a UTF-8 locale ({@code
 * LC_ALL=C.UTF-8}), which {@code run.sh} and the tests set; without one the setup refuses to start.
 */
@State(Scope.Benchmark)
public class Fixture {
  /** The size of every file's content: the harness's payload. */
  static final int CONTENT_BYTES = 4096;

  /** The names {@link #file} knows, as the {@code name} parameter spells them. */
  static final List<String> NAMES = List.of("ascii", "utf8", "not-utf8", "missing");

  private Path dir;
  private Path nested;

  /** The content of every file: 4096 bytes of {@code abc...z} repeated. */
  static byte[] content() {
    return content(CONTENT_BYTES);
  }

  /** {@code size} bytes of {@code abc...z} repeated. */
  static byte[] content(int size) {
    byte[] content = new byte[size];
    for (int i = 0; i < content.length; i++) {
      content[i] = (byte) ('a' + i % 26);
    }
    return content;
  }

  @Setup(Level.Trial)
  public void create() throws IOException {
    create(sandbox());
  }

  /** Where a fork makes its files: {@code -Dfsbench.sandbox=DIR}, else {@code java.io.tmpdir}. */
  static Path sandbox() {
    String sandbox = System.getProperty("fsbench.sandbox");
    return sandbox != null ? Path.of(sandbox) : Path.of(System.getProperty("java.io.tmpdir"));
  }

  /** Makes the files in a new directory under {@code parent}. */
  void create(Path parent) throws IOException {
    String encoding = System.getProperty("sun.jnu.encoding");
    if (!"UTF-8".equals(encoding)) {
      throw new IllegalStateException(
          "the study's file names need a UTF-8 locale, and file names are "
              + encoding
              + " in this JVM: run it with LC_ALL=C.UTF-8");
    }
    dir = Files.createTempDirectory(parent, "fsbench-binding-");
    nested = Files.createDirectories(dir.resolve("d0").resolve("nested"));
    byte[] content = content();
    for (String name : NAMES) {
      if (!name.equals("missing")) {
        Path a = file(name, 'a');
        Files.write(a, content);
        Files.createLink(file(name, 'b'), a);
      }
    }
  }

  @TearDown(Level.Trial)
  public void remove() throws IOException {
    if (dir == null) {
      return;
    }
    List<Path> all = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.sorted(Comparator.reverseOrder()).forEach(all::add);
    }
    for (Path path : all) {
      Files.delete(path);
    }
    dir = null;
  }

  /** The fixture's directory, for tests. */
  Path dir() {
    return dir;
  }

  /**
   * File {@code which} ({@code 'a'} or {@code 'b'}) of {@code name}, built from its exact bytes.
   */
  Path file(String name, char which) {
    if (nested == null) {
      throw new IllegalStateException("the fixture is not created");
    }
    StringBuilder uri = new StringBuilder(nested.toUri().toString());
    if (uri.charAt(uri.length() - 1) != '/') {
      uri.append('/');
    }
    for (byte b : nameBytes(name, which)) {
      uri.append('%').append(Character.forDigit((b >> 4) & 0xf, 16));
      uri.append(Character.forDigit(b & 0xf, 16));
    }
    try {
      return Path.of(URI.create(uri.toString()));
    } catch (IllegalArgumentException e) {
      throw new UncheckedIOException(new IOException("cannot name " + uri, e));
    }
  }

  /**
   * The bytes file {@code which} of {@code name} has in its directory: what a binding must pass for
   * the library to reach it.
   */
  static byte[] nameBytes(String name, char which) {
    byte[] stem =
        switch (name) {
          case "ascii" -> "file".getBytes(StandardCharsets.UTF_8);
          case "utf8" -> "文件-ü".getBytes(StandardCharsets.UTF_8);
          case "not-utf8" -> new byte[] {'c', 'a', 'f', (byte) 0xe9};
          case "missing" -> "missing".getBytes(StandardCharsets.UTF_8);
          default ->
              throw new IllegalArgumentException(
                  "name must be one of " + NAMES + ", not '" + name + "'");
        };
    byte[] bytes = new byte[stem.length + 2];
    System.arraycopy(stem, 0, bytes, 0, stem.length);
    bytes[stem.length] = '-';
    bytes[stem.length + 1] = (byte) which;
    return bytes;
  }
}
