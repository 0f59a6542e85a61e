package dev.fsbench.commonsio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.fsbench.spi.BackendConfig;
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
import org.apache.commons.io.FileUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code route(op)} is true on the default filesystem, {@code java.io.File} routes included: every
 * family runs under a {@link RecordingSecurityManager}, which sees each file access of both {@code
 * java.io} and {@code java.nio} with its call stack, and {@link RouteEvidence} holds the record
 * against the route.
 *
 * <p>Runs in its own surefire execution (see the module POM), in a JVM started with {@code
 * -Djava.security.manager=allow}, so that no other test ever runs under a security manager. JDK 24
 * removed the security manager: there every case is reported aborted, with that reason.
 */
@SuppressWarnings("removal")
class RouteTruthDefaultFsTest {
  @TempDir static Path root;
  private static final CallLog log = new CallLog();
  private static final AtomicInteger fixtures = new AtomicInteger();
  private static FsBackend backend;

  /** JDK 24 removed the security manager (JEP 486): there the spy cannot be installed at all. */
  private static final boolean SPY_POSSIBLE = Runtime.version().feature() < 24;

  @BeforeAll
  static void install() {
    if (!SPY_POSSIBLE) {
      return;
    }
    try {
      System.setSecurityManager(new RecordingSecurityManager(log, root.toString()));
    } catch (UnsupportedOperationException e) {
      fail(
          "this JVM refuses a security manager ("
              + e.getMessage()
              + "); the default-filesystem route spy needs one:"
              + " run it on Java 17-23 with -Djava.security.manager=allow, as the module POM does",
          e);
    }
    backend = new CommonsIoBackend(BackendConfig.DEFAULT);
  }

  /** Each test, not the class, reports the reason: Surefire drops a class-level abort. */
  @BeforeEach
  void requireSpy() {
    Assumptions.assumeTrue(
        SPY_POSSIBLE,
        () ->
            "not run: JDK "
                + Runtime.version().feature()
                + " cannot install a security manager (JEP 486, JDK 24), which the java.io.File"
                + " route spy needs; RouteTruthJimfsTest still checks the routes on Jimfs");
  }

  @AfterAll
  static void uninstall() {
    if (System.getSecurityManager() != null) {
      System.setSecurityManager(null);
    }
    if (backend != null) {
      backend.close();
    }
  }

  @TestFactory
  Stream<DynamicTest> everyFamilyDoesWhatItsRouteSays() {
    return FamilyScenario.all().stream()
        .map(s -> DynamicTest.dynamicTest(s.toString(), () -> check(s)));
  }

  private static void check(FamilyScenario scenario) throws Exception {
    Path dir = Files.createDirectory(root.resolve("fixture-" + fixtures.incrementAndGet()));
    FamilyScenario.prepare(dir);
    List<Call> calls = log.record(() -> scenario.call().run(backend, dir));
    RouteEvidence.assertTruthful(backend, scenario, calls, dir);
  }

  /**
   * The spy itself: a direct Commons IO call is seen inside Commons IO, a direct NIO call outside.
   */
  @Test
  void theSpySeesBothSides() throws Exception {
    Path dir = Files.createDirectory(root.resolve("control"));
    Path file = dir.resolve("f");
    List<Call> viaCommonsIo = log.record(() -> FileUtils.forceMkdir(dir.resolve("made").toFile()));
    List<Call> viaNio = log.record(() -> Files.write(file, new byte[] {1}));
    assertTrue(
        viaCommonsIo.stream()
            .anyMatch(
                c ->
                    c.kind() == Call.Kind.WRITE
                        && c.commonsIoFrames().contains("FileUtils#forceMkdir")),
        "File.mkdirs inside FileUtils.forceMkdir unseen: " + viaCommonsIo);
    assertTrue(
        viaNio.stream()
            .anyMatch(
                c ->
                    c.kind() == Call.Kind.WRITE
                        && c.path().equals(file.toString())
                        && !c.insideCommonsIo()),
        "Files.write unseen or misattributed: " + viaNio);
  }

  @Test
  void onTheDefaultFilesystemOnlyFamiliesWithoutACommonsIoOperationFallBack() {
    Set<Op> fallbacks =
        EnumSet.allOf(Op.class).stream()
            .filter(op -> backend.route(op).isFallback())
            .collect(Collectors.toSet());
    assertEquals(RoutesTest.NO_COMMONS_IO_OPERATION, fallbacks);
  }
}
