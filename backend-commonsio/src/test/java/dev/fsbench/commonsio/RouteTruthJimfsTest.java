package dev.fsbench.commonsio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.Capability;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.Op;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code route(op)} is true on a foreign filesystem: every family runs on Jimfs behind a {@link
 * RecordingFileSystem}, whose provider records the call stack of every access, and {@link
 * RouteEvidence} holds the record against the route. On Jimfs the {@code java.io.File} routes
 * (copyFile, mkdir, readFile, rename, rmdir) must show no Commons IO at all, the Path routes must
 * show it on their effect.
 */
class RouteTruthJimfsTest {
  private static RecordingFileSystem fileSystem;
  private static FsBackend backend;
  private static final AtomicInteger fixtures = new AtomicInteger();

  @BeforeAll
  static void open() {
    Configuration unix =
        Configuration.unix().toBuilder()
            .setAttributeViews("basic", "owner", "posix", "unix")
            .build();
    fileSystem = RecordingFileSystem.wrap(Jimfs.newFileSystem(unix));
    backend = new CommonsIoBackend(BackendConfig.builder().fileSystem(fileSystem).build());
  }

  @AfterAll
  static void close() throws Exception {
    backend.close();
    fileSystem.close();
  }

  @TestFactory
  Stream<DynamicTest> everyFamilyDoesWhatItsRouteSays() {
    return FamilyScenario.all().stream()
        .map(s -> DynamicTest.dynamicTest(s.toString(), () -> check(s)));
  }

  private static void check(FamilyScenario scenario) throws Exception {
    Path dir = fileSystem.getPath("/fixture-" + fixtures.incrementAndGet());
    Files.createDirectory(dir);
    FamilyScenario.prepare(dir);
    if (scenario.op() == Op.CHOWN && !backend.capabilities().contains(Capability.OWNERSHIP)) {
      // Jimfs has no settable numeric owner: the family cannot run here at all, which the contract
      // spells this way.
      // Its route is proven by RouteTruthDefaultFsTest.
      assertThrows(UnsupportedOperationException.class, () -> scenario.call().run(backend, dir));
      assertTrue(backend.route(Op.CHOWN).isFallback());
      return;
    }
    List<Call> calls = fileSystem.log().record(() -> scenario.call().run(backend, dir));
    RouteEvidence.assertTruthful(backend, scenario, calls, dir);
  }

  @Test
  void onJimfsTheJavaIoFileFamiliesFallBackAsWell() {
    Set<Op> commonsIo =
        EnumSet.allOf(Op.class).stream()
            .filter(op -> !backend.route(op).isFallback())
            .collect(Collectors.toSet());
    assertEquals(
        EnumSet.of(Op.APPEND_FILE, Op.WRITE_FILE, Op.CP, Op.READDIR, Op.RM, Op.SCAN, Op.UNLINK),
        commonsIo);
  }

  @Test
  void everyFamilyHasAScenario() {
    Set<Op> covered =
        FamilyScenario.all().stream().map(FamilyScenario::op).collect(Collectors.toSet());
    assertEquals(EnumSet.allOf(Op.class), covered);
  }
}
