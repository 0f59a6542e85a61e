package dev.fsbench.examples.routed;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.BackendProvider;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.MkdirOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.spi.ScanEntry;
import dev.fsbench.spi.ScanOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A program that does its file work through {@code routed}: it makes a tree, copies it, scans the
 * copy, reads every file of it, removes both, and prints what it did and which backend served each
 * family. The routes are the resource {@code META-INF/fsbench/routes.json} of its own jar, written
 * by {@code fsbench recommend} from a committed run.
 *
 * <pre>java -jar target/routed-app.jar [DIR]   # works in a new directory under DIR (default: the temp dir)</pre>
 */
public final class RoutedApp {
  /** The tree it copies: {@value #DIRECTORIES} directories of {@value #PER_DIRECTORY} files. */
  static final int DIRECTORIES = 8;

  static final int PER_DIRECTORY = 25;

  /** The families it calls, in the order it calls them. */
  static final List<Op> USED =
      List.of(Op.MKDTEMP, Op.MKDIR, Op.WRITE_FILE, Op.CP, Op.SCAN, Op.READ_FILE, Op.RM, Op.EXISTS);

  private RoutedApp() {}

  public static void main(String[] args) throws IOException {
    Path under = Path.of(args.length > 0 ? args[0] : System.getProperty("java.io.tmpdir"));
    // routed warns when its routes were measured on another filesystem than the one it works on
    System.setProperty("fsbench.routes.dir", under.toString());

    BackendProvider provider =
        Backends.find("routed")
            .orElseThrow(() -> new IllegalStateException("routed is not on the class path"));
    Map<String, String> routes = provider.details();
    System.out.println("routed: " + provider.availability());
    System.out.println(
        "routes: "
            + routes.get("routes.file")
            + ", chosen from "
            + routes.get("routes.run")
            + " ("
            + routes.get("routes.regime")
            + ", "
            + routes.get("routes.mode")
            + ")");

    try (FsBackend fs = Backends.create("routed", BackendConfig.DEFAULT)) {
      Path dir = fs.mkdtemp(under.resolve("routed-app-"));
      try {
        Path source = dir.resolve("source");
        for (int d = 0; d < DIRECTORIES; d++) {
          fs.mkdir(source.resolve("d" + d + "/nested"), MkdirOptions.RECURSIVE);
          for (int f = 0; f < PER_DIRECTORY; f++) {
            fs.writeFile(source.resolve("d" + d + "/nested/f" + f + ".txt"), content(d, f));
          }
        }
        System.out.printf(
            "made %d files in %d directories under %s%n",
            DIRECTORIES * PER_DIRECTORY, 2 * DIRECTORIES, source);

        Path copy = dir.resolve("copy");
        fs.cp(source, copy, CpOptions.DEFAULT);
        List<ScanEntry> entries = fs.scan(copy, ScanOptions.DEFAULT);
        System.out.printf("copied the tree and scanned the copy: %d entries%n", entries.size());

        int read = 0;
        long bytes = 0;
        for (ScanEntry e : entries) {
          if (e.kind() != FileKind.FILE) {
            continue;
          }
          byte[] got = fs.readFile(copy.resolve(e.path()));
          byte[] expected = expectedAt(e.path());
          if (!Arrays.equals(got, expected)) {
            throw new IllegalStateException("the copy of " + e.path() + " differs from its source");
          }
          read++;
          bytes += got.length;
        }
        System.out.printf("read %d files, %d bytes, each equal to its source%n", read, bytes);

        fs.rm(copy, RmOptions.RECURSIVE_FORCE);
        fs.rm(source, RmOptions.RECURSIVE_FORCE);
        if (fs.exists(copy) || fs.exists(source)) {
          throw new IllegalStateException("rm left " + (fs.exists(copy) ? copy : source));
        }
        System.out.println("removed the copy and the source");
      } finally {
        fs.rm(dir, RmOptions.RECURSIVE_FORCE);
      }

      System.out.println("the backend that served each family:");
      for (Op op : USED) {
        System.out.printf("  %-10s %s%n", op.family(), fs.route(op));
      }
    }
  }

  /** File {@code f} of directory {@code d}: a line naming it, repeated to a few KiB. */
  static byte[] content(int d, int f) {
    return ("d" + d + "/nested/f" + f + ".txt\n").repeat(100 + f).getBytes(StandardCharsets.UTF_8);
  }

  /** The content the file at {@code relative} ({@code d3/nested/f7.txt}) was written with. */
  static byte[] expectedAt(String relative) {
    String[] parts = relative.split("/");
    int d = Integer.parseInt(parts[0].substring(1));
    int f = Integer.parseInt(parts[2].substring(1, parts[2].indexOf('.')));
    return content(d, f);
  }
}
