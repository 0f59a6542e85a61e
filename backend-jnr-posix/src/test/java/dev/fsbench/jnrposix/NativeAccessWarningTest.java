package dev.fsbench.jnrposix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On JDK 24 and later, {@code System.load} of jffi's stub is a restricted method: without native
 * access granted, the JVM prints "WARNING: A restricted method in java.lang.System has been called"
 * to stderr. fsbench grants it the way it does for native and native-ffm ({@code
 * --enable-native-access=ALL-UNNAMED} for the JMH forks and the test JVMs, {@code
 * Enable-Native-Access: ALL-UNNAMED} in fsbench.jar's manifest), and then nothing of jnr-posix's
 * loading reaches stderr. The second case shows the check can see the warning at all.
 */
class NativeAccessWarningTest {

  @TempDir java.nio.file.Path scratch;

  @Test
  void withNativeAccessGrantedNothingReachesStderr() throws Exception {
    Assumptions.assumeTrue(
        Runtime.version().feature() >= 22,
        "native-access warnings exist from JDK 22 on; this is JDK " + Runtime.version());
    ChildJvm.Run run = ChildJvm.probe(scratch, List.of("--enable-native-access=ALL-UNNAMED"));
    assertEquals(0, run.exit(), run.stderr());
    assertTrue(run.stdout().contains("created\t"), run.stdout());
    assertEquals("", run.stderr(), "stderr of a JVM that loaded and used jnr-posix");
  }

  @Test
  void withoutItJdk24WarnsAboutJffisStub() throws Exception {
    Assumptions.assumeTrue(
        Runtime.version().feature() >= 24,
        "JDK 24 (JEP 472) first warns about System.load; this is JDK " + Runtime.version());
    ChildJvm.Run run = ChildJvm.probe(scratch, List.of());
    assertEquals(0, run.exit(), run.stderr());
    assertTrue(
        run.stderr().contains("WARNING: A restricted method in java.lang.System has been called")
            && run.stderr().contains("com.kenai.jffi"),
        "the warning the flag prevents: " + run.stderr());
  }
}
