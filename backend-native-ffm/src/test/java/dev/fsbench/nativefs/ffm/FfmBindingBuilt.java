package dev.fsbench.nativefs.ffm;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.condition.JRE;

/**
 * Runs a test class only where the backend can exist: a JVM of 22 or later, a build that compiled
 * the binding (Maven on JDK 22 or later: {@code fsbench.ffm.built}) and shipped the library (not
 * {@code -Dnative.skip=true}). Elsewhere {@link FfmAvailabilityTest} asserts the reason instead.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@EnabledForJreRange(min = JRE.JAVA_22, disabledReason = "the FFM API is final from JDK 22 on")
@EnabledIfSystemProperty(
    named = "fsbench.ffm.built",
    matches = "true",
    disabledReason = "this build has no FFM binding: Maven ran on a JDK before 22")
@DisabledIfSystemProperty(
    named = "fsbench.native.skip",
    matches = "true",
    disabledReason = "a -Dnative.skip=true build has no library")
@interface FfmBindingBuilt {}
