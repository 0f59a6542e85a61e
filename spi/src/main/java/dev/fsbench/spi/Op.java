package dev.fsbench.spi;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The operation families of fsbench, exactly those of DESIGN.md. Every backend serves every family,
 * either with its own implementation or by falling back to NIO (see {@link Route}).
 *
 * <p>The {@link #family()} name is the one used on the command line, in results and in reports
 * ({@code readFile}, {@code cp}, ...), so it never changes once a result has been published with
 * it.
 */
public enum Op {
  ACCESS("access"),
  APPEND_FILE("appendFile"),
  CHMOD("chmod"),
  CHOWN("chown"),
  COPY_FILE("copyFile"),
  CP("cp", true),
  EXISTS("exists"),
  GLOB("glob", true),
  LINES("lines"),
  LINK("link"),
  LSTAT("lstat"),
  MKDIR("mkdir"),
  MKDTEMP("mkdtemp"),
  READ_FILE("readFile"),
  READDIR("readdir", true),
  READLINK("readlink"),
  REALPATH("realpath"),
  RENAME("rename"),
  RM("rm", true),
  RMDIR("rmdir"),
  SCAN("scan", true),
  STAT("stat"),
  SYMLINK("symlink"),
  TRUNCATE("truncate"),
  UNLINK("unlink"),
  UTIMES("utimes"),
  WRITE_FILE("writeFile");

  private static final Map<String, Op> BY_FAMILY =
      Arrays.stream(values())
          .collect(
              Collectors.toUnmodifiableMap(
                  op -> op.family.toLowerCase(Locale.ROOT), Function.identity()));

  private final String family;
  private final boolean tree;

  Op(String family) {
    this(family, false);
  }

  Op(String family, boolean tree) {
    this.family = family;
    this.tree = tree;
  }

  /** The family name as DESIGN.md spells it, e.g. {@code appendFile}. */
  public String family() {
    return family;
  }

  /**
   * Whether this is a tree operation (readdir, glob, scan, cp, rm): one call that works on a whole
   * tree, and whose options carry a concurrency.
   */
  public boolean isTree() {
    return tree;
  }

  /**
   * Looks an op up by its family name, ignoring case; throws {@link IllegalArgumentException}
   * naming the known ones.
   */
  public static Op ofFamily(String family) {
    Op op = BY_FAMILY.get(family.toLowerCase(Locale.ROOT));
    if (op == null) {
      throw new IllegalArgumentException(
          "unknown family '"
              + family
              + "'; known: "
              + Arrays.stream(values()).map(Op::family).collect(Collectors.joining(", ")));
    }
    return op;
  }

  @Override
  public String toString() {
    return family;
  }
}
