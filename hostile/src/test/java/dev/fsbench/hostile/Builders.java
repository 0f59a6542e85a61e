package dev.fsbench.hostile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/** Makes the hostile things NIO cannot make by itself, or not quickly. */
final class Builders {
  private Builders() {}

  static Path file(Path at, String content) throws IOException {
    return Files.writeString(at, content, StandardCharsets.UTF_8);
  }

  /** A FIFO, with coreutils {@code mkfifo} (NIO has no call for one). */
  static Path fifo(Path at) throws IOException, InterruptedException {
    Tools.check("mkfifo", at.toString());
    return at;
  }

  /**
   * A Unix-domain socket file: bound with JDK 16's {@link UnixDomainSocketAddress}; the file stays
   * when the channel is closed. Its path must fit {@code sun_path} (108 bytes).
   */
  static Path socket(Path at) throws IOException {
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      server.bind(UnixDomainSocketAddress.of(at));
    }
    return at;
  }

  /**
   * Entries whose names are bytes that are not UTF-8, made by Python (NIO can only name them by
   * strings, whose UTF-8 is other bytes) in {@code dir}. Each spec is {@code f:<hex path>:<hex
   * content>} or {@code d:<hex path>:}, the path relative to {@code dir}.
   */
  static void byBytes(Path dir, List<String> specs) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(Tools.PYTHON, "-c", BY_BYTES, dir.toString()));
    command.addAll(specs);
    Tools.Result r = Tools.run(command, null, 60);
    if (r.exit() != 0) {
      throw new IOException("python could not make the names: " + r.stderr());
    }
  }

  private static final String BY_BYTES =
      "import os, sys\n"
          + "base = os.fsencode(sys.argv[1])\n"
          + "for spec in sys.argv[2:]:\n"
          + "    kind, path, data = spec.split(':')\n"
          + "    p = os.path.join(base, bytes.fromhex(path))\n"
          + "    if kind == 'd':\n"
          + "        os.mkdir(p)\n"
          + "    else:\n"
          + "        with open(p, 'wb') as f:\n"
          + "            f.write(bytes.fromhex(data))\n";

  static String fileSpec(byte[] path, String content) {
    return "f:" + hex(path) + ":" + hex(content.getBytes(StandardCharsets.UTF_8));
  }

  static String dirSpec(byte[] path) {
    return "d:" + hex(path) + ":";
  }

  private static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }

  /**
   * Copies the tree {@code from} into the existing directory {@code into}, name by name: NIO keeps
   * a listed name's bytes when it resolves it, so names that are not UTF-8 survive the copy.
   */
  static void copyInto(Path from, Path into) throws IOException {
    List<Path> entries = new ArrayList<>();
    try (DirectoryStream<Path> s = Files.newDirectoryStream(from)) {
      s.forEach(entries::add);
    }
    for (Path e : entries) {
      Path target = into.resolve(e.getFileName());
      if (Files.isDirectory(e, LinkOption.NOFOLLOW_LINKS)) {
        Files.createDirectory(target);
        copyInto(e, target);
      } else {
        Files.copy(e, target, LinkOption.NOFOLLOW_LINKS);
      }
    }
  }

  /** The entry of {@code dir} whose name is exactly {@code name}'s bytes. */
  static Path entry(Path dir, byte[] name) throws IOException {
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
      for (Path e : s) {
        if (Arrays.equals(bytes(e.getFileName()), name)) {
          return e;
        }
      }
    }
    throw new IOException("no entry " + Arrays.toString(name) + " in " + dir);
  }

  /** A name's bytes: its UTF-8 when it is valid, else what {@link Path#toUri()} percent-encodes. */
  static byte[] bytes(Path name) {
    String raw = Manifest.rawName(name);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] utf8 = raw.getBytes(StandardCharsets.UTF_8);
    boolean encoded = !raw.equals(name.toString());
    for (int i = 0; i < utf8.length; i++) {
      if (encoded && utf8[i] == '%' && i + 2 < utf8.length) {
        out.write(Integer.parseInt(raw.substring(i + 1, i + 3), 16));
        i += 2;
      } else {
        out.write(utf8[i]);
      }
    }
    return out.toByteArray();
  }

  /**
   * A chain of directories {@code top/d/d/.../d}, {@code below} of them under {@code top}, with a
   * file {@code bottom} in the deepest, at any depth. No path longer than PATH_MAX can be given to
   * a syscall, so the chain is built in segments of {@link #SEGMENT} levels near the top and each
   * finished chain is moved to the bottom of the next segment: a rename names only the two short
   * ends.
   */
  static void chain(Path top, int below) throws IOException {
    Path stage = top.resolveSibling(top.getFileName() + ".stage");
    Path held = top.resolveSibling(top.getFileName() + ".held");
    int levels = below + 1; // top counts
    int built = 0;
    while (built < levels) {
      int n = Math.min(SEGMENT, levels - built);
      Path bottom = Files.createDirectory(stage);
      for (int i = 1; i < n; i++) {
        bottom = Files.createDirectory(bottom.resolve("d"));
      }
      if (built == 0) {
        file(bottom.resolve("bottom"), "at the bottom\n");
      } else {
        Files.move(held, bottom.resolve("d"));
      }
      Files.move(stage, held);
      built += n;
    }
    Files.move(held, top);
  }

  static final int SEGMENT = 100;

  /**
   * A regular file at a path longer than PATH_MAX (4096 bytes), under {@code dir}: directories of
   * 250-byte names, the part a syscall can still name made in place, the rest near the top and
   * moved under it. Returns the file's path.
   */
  static Path longPath(Path dir, int atLeastBytes) throws IOException {
    String name = "L".repeat(250);
    Path deepest = dir;
    while (deepest.toString().length() + 2 * (name.length() + 1) < 4000) {
      deepest = Files.createDirectory(deepest.resolve(name));
    }
    Path stage = Files.createDirectory(dir.resolve("stage"));
    Path bottom = stage;
    Path full = deepest;
    while (full.toString().length() < atLeastBytes) {
      bottom = Files.createDirectory(bottom.resolve(name));
      full = full.resolve(name);
    }
    file(bottom.resolve("leaf"), "at the end of a long path\n");
    Path first = stage.resolve(name);
    Files.move(first, deepest.resolve(name));
    Files.delete(stage);
    return full.resolve("leaf");
  }

  /** {@code count} empty files {@code f000000, f000001, ...} in the new directory {@code dir}. */
  static Path wide(Path dir, int count) throws IOException {
    Files.createDirectory(dir);
    for (int i = 0; i < count; i++) {
      Files.newByteChannel(
              dir.resolve(String.format("f%06d", i)),
              StandardOpenOption.CREATE_NEW,
              StandardOpenOption.WRITE)
          .close();
    }
    return dir;
  }
}
