package dev.fsbench.jnrposix;

import java.io.File;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Map;
import jnr.constants.platform.Errno;
import jnr.posix.POSIXHandler;

/**
 * The {@link POSIXHandler} this backend gives jnr-posix, so that nothing of jnr-posix's own reaches
 * the output or the caller. jnr-posix's {@code DefaultPOSIXHandler} throws its own {@code
 * RuntimeException} for an error and prints warnings to {@code System.err}; a measurement needs
 * neither.
 *
 * <ul>
 *   <li>{@code error}: the calls that report failure through the handler ({@code mkdir}, {@code
 *       rmdir}, the {@code FileStat}-returning stat forms) get a {@link PosixCallFailed} carrying
 *       the errno, which the family turns into NIO's exception naming its path ({@link Errors});
 *   <li>{@code unimplementedError}: an {@link UnsupportedOperationException} naming the call (a
 *       libc without the function; none of this backend's calls is such);
 *   <li>{@code warn}: an {@link IllegalStateException}. jnr-posix warns where it substitutes a
 *       dummy value or an emulation, which for a measurement is a wrong answer, so it fails loudly
 *       rather than printing; its native calls used here never warn.
 *   <li>{@code isVerbose}: false, so jnr-posix prints nothing of its own.
 * </ul>
 *
 * The process accessors are what the JVM says about itself; the backend makes no call that reads
 * them.
 */
final class FailingHandler implements POSIXHandler {

  @Override
  public void error(Errno error, String call) {
    throw new PosixCallFailed(error.intValue(), call, "");
  }

  @Override
  public void error(Errno error, String call, String path) {
    throw new PosixCallFailed(error.intValue(), call, path);
  }

  @Override
  public void unimplementedError(String call) {
    throw new UnsupportedOperationException("jnr-posix does not implement " + call + " here");
  }

  @Override
  public void warn(WARNING_ID id, String message, Object... data) {
    throw new IllegalStateException("jnr-posix warned (" + id + "): " + message);
  }

  @Override
  public boolean isVerbose() {
    return false;
  }

  @Override
  public File getCurrentWorkingDirectory() {
    return new File(System.getProperty("user.dir"));
  }

  @Override
  public String[] getEnv() {
    return System.getenv().entrySet().stream().map(Map.Entry::toString).toArray(String[]::new);
  }

  @Override
  public InputStream getInputStream() {
    return System.in;
  }

  @Override
  public PrintStream getOutputStream() {
    return System.out;
  }

  @Override
  public int getPID() {
    return (int) ProcessHandle.current().pid();
  }

  @Override
  public PrintStream getErrorStream() {
    return System.err;
  }
}
