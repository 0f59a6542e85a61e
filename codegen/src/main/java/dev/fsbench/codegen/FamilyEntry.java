package dev.fsbench.codegen;

import dev.fsbench.spi.Op;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Files a family's entry in its module's {@link FamilyRegistry}: a static field holding it (its
 * value is the entry), or a class with a no-argument constructor (a new instance is). The entry is
 * declared where the family's code is, so the registry names no family by hand.
 */
@Retention(RetentionPolicy.SOURCE)
@Target({ElementType.TYPE, ElementType.FIELD})
public @interface FamilyEntry {

  /** The family it is the entry of. */
  Op value();
}
