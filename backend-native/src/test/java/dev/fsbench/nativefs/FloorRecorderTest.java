package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.Floor;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.GlobOptions;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.RmOptions;
import dev.fsbench.support.LineBudget;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the floor's recorder makes of a backend call: one {@link FloorCall} holding what {@link
 * LibraryBackend} passed its binding, and nothing done on disk.
 */
class FloorRecorderTest {
  @TempDir Path dir;

  private final Floor floor =
      new NativeBackendProvider()
          .floors().stream()
              .filter(f -> f.id().equals("floor"))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no library floor"));
  private final FloorRecorder recorder = new FloorRecorder(floor);
  private final FsBackend backend = recorder.backend();

  @AfterEach
  void close() {
    recorder.close();
  }

  private FloorCall only() {
    List<FloorCall> calls = recorder.take();
    assertEquals(1, calls.size(), calls.toString());
    return calls.get(0);
  }

  @Test
  void aCallIsRecordedAsTheBackendPassesItAndReturnsAPlaceholder() throws Exception {
    Path file = dir.resolve("a");
    assertNull(backend.lstat(file));
    FloorCall lstat = only();
    assertEquals(Op.LSTAT, lstat.call());
    assertEquals("fsb_stat", Abi.symbol(lstat.call()));
    assertEquals(FloorCall.Result.STAT, lstat.result());
    assertArrayEquals(new long[] {0, 0, 0, 0}, lstat.args(), "not followed");
    assertArrayEquals(PathBytes.argument(file), lstat.bytes());

    assertFalse(backend.exists(file));
    assertEquals(FloorCall.Result.EXISTS, only().result());

    backend.chmod(file, 0100644);
    assertArrayEquals(new long[] {0644, 0, 0, 0}, only().args(), "the mode's permission bits");

    assertNull(backend.lines(file, 10, 20));
    FloorCall lines = only();
    assertEquals(FloorCall.Result.LINES, lines.result());
    assertArrayEquals(new long[] {10, 20, LineBudget.bytes(), 0}, lines.args());
    assertEquals(List.of(), List.of(dir.toFile().list()), "nothing was done");
  }

  @Test
  void pathsThenDataThenIntegersAndTheBooleanChoosesTheFunction() throws Exception {
    Path link = dir.resolve("l");
    backend.symlink(Path.of("rel/t"), link);
    FloorCall symlink = only();
    assertEquals(Path.of("rel/t"), symlink.first());
    assertEquals(link, symlink.second());
    byte[] target = PathBytes.verbatim(Path.of("rel/t"));
    byte[] second = PathBytes.argument(link);
    byte[] both = new byte[target.length + second.length];
    System.arraycopy(target, 0, both, 0, target.length);
    System.arraycopy(second, 0, both, target.length, second.length);
    assertArrayEquals(both, symlink.bytes(), "the target verbatim, then the link");

    backend.glob(dir, List.of("**/*.js"), GlobOptions.DEFAULT);
    FloorCall glob = only();
    assertArrayEquals(PathBytes.patterns(List.of("**/*.js")), glob.data());
    assertEquals(FloorCall.Result.NAMES, glob.result());

    backend.appendFile(link, "hé");
    FloorCall append = only();
    assertEquals(Op.APPEND_FILE, append.call());
    assertArrayEquals("hé".getBytes(StandardCharsets.UTF_8), append.data());
    assertArrayEquals(new long[4], append.args(), "append chose the function");

    assertNull(backend.readFileText(link));
    assertEquals(FloorCall.Result.TEXT, only().result());
  }

  @Test
  void everyFamilyIsRecordedOnce() throws Exception {
    Path a = dir.resolve("a");
    Path b = dir.resolve("b");
    backend.cp(a, b, CpOptions.DEFAULT);
    backend.rm(a, RmOptions.RECURSIVE_FORCE);
    backend.scan(a, dev.fsbench.spi.ScanOptions.DEFAULT);
    backend.readdir(a, dev.fsbench.spi.ReaddirOptions.DEFAULT);
    backend.access(a);
    backend.stat(a);
    backend.utimes(
        a,
        java.nio.file.attribute.FileTime.fromMillis(1),
        java.nio.file.attribute.FileTime.fromMillis(2));
    backend.chown(a, 1, 2);
    backend.truncate(a, 3);
    backend.mkdir(a, dev.fsbench.spi.MkdirOptions.DEFAULT);
    backend.mkdtemp(dir.resolve("p-"));
    backend.rmdir(a);
    backend.unlink(a);
    backend.rename(a, b);
    backend.link(a, b);
    backend.readlink(a);
    backend.realpath(a);
    backend.readFile(a);
    backend.writeFile(a, new byte[1]);
    backend.copyFile(a, b, dev.fsbench.spi.CopyFileOptions.DEFAULT);
    backend.exists(a);
    backend.lstat(a);
    backend.chmod(a, 0600);
    backend.lines(a, 0, 1);
    backend.glob(a, List.of("*"), GlobOptions.DEFAULT);
    backend.symlink(a, b);
    backend.appendFile(a, new byte[1]);
    Set<Op> recorded =
        recorder.take().stream()
            .map(FloorCall::call)
            .collect(Collectors.toCollection(() -> EnumSet.noneOf(Op.class)));
    assertEquals(EnumSet.allOf(Op.class), recorded);
  }

  @Test
  void theAsyncFormsAreRefused() {
    assertThrows(UnsupportedOperationException.class, () -> backend.statAsync(dir.resolve("a")));
    assertThrows(UnsupportedOperationException.class, backend::asyncExecutor);
    assertEquals(floor.id(), backend.id());
    assertEquals(BackendConfig.DEFAULT.fileSystem(), backend.fileSystem());
  }
}
