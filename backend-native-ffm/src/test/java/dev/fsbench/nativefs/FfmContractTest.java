package dev.fsbench.nativefs;

import dev.fsbench.spi.BackendConfig;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.testkit.BackendContract;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.condition.JRE;

/**
 * The whole peer contract for {@code native-ffm} on the default filesystem, through the provider as
 * the harness reaches it. It needs the binding, so it runs where the build made one (Maven on JDK
 * 22 or later); elsewhere {@link FfmAvailabilityTest} asserts the reason instead. Public, because
 * as root the kit runs the permission cases in a child JVM that instantiates this class.
 */
@EnabledForJreRange(min = JRE.JAVA_22, disabledReason = "the FFM API is final from JDK 22 on")
@EnabledIfSystemProperty(
    named = "fsbench.ffm.built",
    matches = "true",
    disabledReason = "this build has no FFM binding: Maven ran on a JDK before 22")
@DisabledIfSystemProperty(
    named = "fsbench.native.skip",
    matches = "true",
    disabledReason = "a -Dnative.skip=true build has no library")
public class FfmContractTest extends BackendContract {

  @Override
  protected FsBackend createBackend(BackendConfig config) {
    return new FfmBackendProvider().create(config);
  }
}
