package com.example.mmap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Backends;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.CopyFileOptions;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.io.IOException;
import java.net.URI;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the contract cannot see: the declared routes, the refusal of foreign filesystems, unmapping.
 */
class MmapBackendTest {
  private static final Set<Op> OWN = EnumSet.of(Op.READ_FILE, Op.WRITE_FILE, Op.COPY_FILE);

  @TempDir Path dir;
  private FsBackend mmap;

  @BeforeEach
  void create() {
    mmap = new MmapProvider().create(BackendConfig.DEFAULT);
  }

  @AfterEach
  void close() {
    mmap.close();
  }

  @Test
  void foundThroughTheServiceFile() {
    assertTrue(Backends.find("mmap").orElseThrow() instanceof MmapProvider);
  }

  @Test
  void ownsTheThreeMappedFamiliesAndForwardsEveryOtherWithNiosVia() {
    try (FsBackend nio = Backends.create("nio", BackendConfig.DEFAULT)) {
      for (Op op : Op.values()) {
        Route route = mmap.route(op);
        if (OWN.contains(op)) {
          assertEquals(Route.Kind.OWN, route.kind(), op.family());
          assertTrue(route.via().contains("FileChannel.map"), route::toString);
        } else {
          assertEquals(Route.nioFallback(nio.route(op).via()), route, op.family());
        }
      }
    }
  }

  @Test
  void declaresNiosCapabilitiesButForeignFilesystems() {
    try (FsBackend nio = Backends.create("nio", BackendConfig.DEFAULT)) {
      Set<Capability> expected = EnumSet.copyOf(nio.capabilities());
      expected.remove(Capability.FOREIGN_FILESYSTEMS);
      assertEquals(expected, mmap.capabilities());
    }
  }

  @Test
  void refusesAFilesystemWhoseChannelsCannotBeMapped() throws IOException {
    URI zip = URI.create("jar:" + dir.resolve("fs.zip").toUri());
    try (FileSystem zipfs = FileSystems.newFileSystem(zip, Map.of("create", "true"))) {
      BackendConfig onZip = BackendConfig.builder().fileSystem(zipfs).build();
      UnsupportedOperationException e =
          assertThrows(UnsupportedOperationException.class, () -> new MmapProvider().create(onZip));
      assertTrue(e.getMessage().contains("FileChannel.map"), e.getMessage());
    }
  }

  @Test
  void recordsHowMappingsAreReleased() {
    assertEquals(Unmapper.how(), new MmapProvider().details().get("unmap"));
  }

  /**
   * The point of {@link Unmapper}: after each call no mapping of the file is left in the process's
   * address space for the collector to release later. Linux's {@code /proc/self/maps} lists every
   * mapping with the file's path.
   */
  @Test
  void leavesNoMappingBehind() throws IOException {
    assertTrue(Unmapper.isImmediate(), Unmapper.how());
    byte[] bytes = new byte[3 << 20];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) (i * 31);
    }
    Path written = dir.resolve("written");
    Path copy = dir.resolve("copy");
    mmap.writeFile(written, bytes);
    assertArrayEquals(bytes, mmap.readFile(written));
    mmap.copyFile(written, copy, CopyFileOptions.DEFAULT);
    assertArrayEquals(bytes, Files.readAllBytes(copy));
    List<String> left = mappingsOf(written, copy);
    assertTrue(left.isEmpty(), () -> "mappings left: " + left);
  }

  /** The control of the test above: a mapping nobody unmapped is there to be seen. */
  @Test
  void seesAMappingThatIsLeftBehind() throws IOException {
    Path control = Files.write(dir.resolve("control"), new byte[4096]);
    try (FileChannel channel = FileChannel.open(control)) {
      MappedByteBuffer kept = channel.map(FileChannel.MapMode.READ_ONLY, 0, 4096);
      assertEquals(1, mappingsOf(control).size(), () -> "no mapping of " + control);
      assertEquals(0, kept.get(0));
    }
  }

  @Test
  void copyFileOntoItselfLeavesItAsFilesCopyDoes() throws IOException {
    Path file = Files.write(dir.resolve("f"), new byte[] {1, 2, 3});
    mmap.copyFile(file, file, CopyFileOptions.DEFAULT.withReplaceExisting(true));
    assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(file));
  }

  @Test
  void copyFileReplacesALinkNotItsTarget() throws IOException {
    Path source = Files.write(dir.resolve("source"), new byte[] {7});
    Path other = Files.write(dir.resolve("other"), new byte[] {9, 9});
    Path link = Files.createSymbolicLink(dir.resolve("link"), other.getFileName());
    mmap.copyFile(source, link, CopyFileOptions.DEFAULT.withReplaceExisting(true));
    assertFalse(Files.isSymbolicLink(link));
    assertArrayEquals(new byte[] {7}, Files.readAllBytes(link));
    assertArrayEquals(new byte[] {9, 9}, Files.readAllBytes(other));
  }

  private static List<String> mappingsOf(Path... files) throws IOException {
    Path maps = Path.of("/proc/self/maps");
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.isReadable(maps), "no /proc/self/maps on this system to read mappings from");
    Set<String> names =
        Set.of(files).stream().map(p -> p.toAbsolutePath().toString()).collect(Collectors.toSet());
    return Files.readAllLines(maps).stream()
        .filter(line -> names.stream().anyMatch(line::endsWith))
        .collect(Collectors.toList());
  }
}
