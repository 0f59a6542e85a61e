package dev.fsbench.jnrposix;

import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.FileStat;
import jnr.posix.NanosecondFileStat;

/**
 * jnr-posix's {@code FileStat} as the SPI's: every field from the {@code struct stat} jnr-posix
 * filled, the times in nanoseconds from its seconds and {@link NanosecondFileStat}'s nanosecond
 * parts ({@link NativePosix} makes the backend unavailable where its stat has none). A time outside
 * the 64-bit nanosecond range reads as the range's end, as NIO's {@code FileTime.to(NANOSECONDS)}
 * reports it.
 */
final class Stats {
  private Stats() {}

  static FileStat of(jnr.posix.FileStat st) {
    NanosecondFileStat ns = (NanosecondFileStat) st;
    int mode = st.mode();
    return new FileStat(
        FileKind.ofMode(mode),
        st.st_size(),
        mode,
        st.uid(),
        st.gid(),
        Integer.toUnsignedLong(st.nlink()),
        st.ino(),
        st.dev(),
        nanos(st.atime(), ns.aTimeNanoSecs()),
        nanos(st.mtime(), ns.mTimeNanoSecs()),
        nanos(st.ctime(), ns.cTimeNanoSecs()));
  }

  /** {@code seconds} and {@code nanos} as nanoseconds since the epoch, saturated. */
  static long nanos(long seconds, long nanos) {
    long high = Math.multiplyHigh(seconds, 1_000_000_000L);
    long low = seconds * 1_000_000_000L;
    if ((high == 0 && low >= 0) || (high == -1 && low < 0)) {
      long sum = low + nanos;
      if (((low ^ sum) & (nanos ^ sum)) >= 0) {
        return sum;
      }
    }
    return seconds < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
  }
}
