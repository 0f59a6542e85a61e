package dev.fsbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.spi.Capability;
import java.io.IOException;
import java.net.URI;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The error oracle: a failure like Files' expects exactly what the {@code Files} call threw, on the
 * running JDK; a contract form expects what it says.
 */
class FailureTest {

  private static final Env DEFAULT = env(FileSystems.getDefault());

  /** Any filesystem but the default one: only its identity matters to the checks. */
  private static final Env FOREIGN = env(FileSystems.getFileSystem(URI.create("jrt:/")));

  @TempDir Path dir;

  private static Env env(FileSystem fs) {
    return new Env(fs, EnumSet.allOf(Capability.class), 022, 0, 0, false);
  }

  private static void check(Failure expected, Throwable actual, Env env) {
    expected.check(actual, env, expected.runFilesEquivalent());
  }

  @Test
  void aFileUsedAsADirectoryIsExpectedAsThisJdksFilesThrowsIt() throws IOException {
    Path below = Files.write(dir.resolve("f"), new byte[] {1}).resolve("x");
    Failure lookup = Failure.likeFiles(below, () -> Files.readAttributes(below, "*"));
    FileSystemException nio =
        assertThrows(FileSystemException.class, () -> Files.readAttributes(below, "*"));
    check(lookup, nio, DEFAULT);
    // the other form of the two JDKs (JDK 17: "Not a directory", JDK 25: NoSuchFileException)
    FileSystemException otherJdk =
        nio instanceof NoSuchFileException
            ? new FileSystemException(below.toString(), null, "Not a directory")
            : new NoSuchFileException(below.toString());
    assertThrows(AssertionError.class, () -> check(lookup, otherJdk, DEFAULT));
    assertThrows(AssertionError.class, () -> check(lookup, otherJdk, FOREIGN));
  }

  @Test
  void onTheDefaultFileSystemTheOtherPathAndTheReasonCountToo() throws IOException {
    Path below = Files.write(dir.resolve("f"), new byte[] {1}).resolve("x");
    Path target = dir.resolve("g");
    Failure move = Failure.likeFiles(below, () -> Files.move(below, target));
    FileSystemException nio =
        assertThrows(FileSystemException.class, () -> Files.move(below, target));
    FileSystemException otherNamed =
        copy(nio, nio.getFile(), nio.getOtherFile() == null ? "/elsewhere" : null);
    assertThrows(AssertionError.class, () -> check(move, otherNamed, DEFAULT));
    check(move, otherNamed, FOREIGN); // only the JDK's provider is known to set the other path
    FileSystemException otherFile = copy(nio, "/elsewhere", nio.getOtherFile());
    assertThrows(AssertionError.class, () -> check(move, otherFile, DEFAULT));
    assertThrows(AssertionError.class, () -> check(move, otherFile, FOREIGN));
    FileSystemException subclass =
        new AccessDeniedException(nio.getFile(), nio.getOtherFile(), null);
    assertThrows(AssertionError.class, () -> check(move, subclass, DEFAULT));
  }

  @Test
  void aBareIoExceptionFromFilesMustBeAFileSystemExceptionNamingThePath() {
    Path file = dir.resolve("f");
    Failure bare =
        Failure.likeFiles(
            file,
            () -> {
              throw new IOException("Is a directory");
            });
    check(bare, new FileSystemException(file.toString(), null, "Is a directory"), DEFAULT);
    assertThrows(
        AssertionError.class, () -> check(bare, new IOException("Is a directory"), DEFAULT));
    assertThrows(
        AssertionError.class,
        () -> check(bare, new FileSystemException("/elsewhere", null, "x"), DEFAULT));
  }

  @Test
  void anEquivalentThatSucceedsCannotBeTheOracle() throws IOException {
    Path file = Files.write(dir.resolve("f"), new byte[] {1});
    Failure wrong = Failure.likeFiles(file, () -> Files.readAllBytes(file));
    AssertionError e = assertThrows(AssertionError.class, wrong::runFilesEquivalent);
    assertTrue(e.getMessage().contains("succeeded"), e.getMessage());
  }

  @Test
  void aGeneratedNameMustMatchInTheBackendsAndInFilesFailure() throws IOException {
    Path prefix = Files.write(dir.resolve("f"), new byte[] {1}).resolve("job-");
    Failure mkdtemp =
        Failure.likeFilesMatching(
            prefix + "*",
            f -> f.startsWith(prefix.toString()),
            () -> Files.createTempDirectory(prefix.getParent(), "job-"));
    FileSystemException nio =
        assertThrows(
            FileSystemException.class, () -> Files.createTempDirectory(prefix.getParent(), "job-"));
    check(mkdtemp, copy(nio, prefix + "other", nio.getOtherFile()), DEFAULT);
    assertThrows(
        AssertionError.class,
        () -> check(mkdtemp, copy(nio, dir.resolve("g").toString(), null), DEFAULT));
  }

  @Test
  void aContractFormIsFixedAndRefusesToBeTakenFromFiles() {
    Path file = dir.resolve("f");
    Failure missing = Failure.of(NoSuchFileException.class, file);
    missing.check(new NoSuchFileException(file.toString()), DEFAULT, null);
    assertThrows(
        AssertionError.class,
        () ->
            missing.check(
                new FileSystemException(file.toString(), null, "Not a directory"), DEFAULT, null));
    Failure likeFiles = Failure.likeFiles(file, () -> Files.readAllBytes(file));
    assertThrows(IllegalStateException.class, () -> likeFiles.reason("Not a directory"));
    assertThrows(IllegalStateException.class, () -> likeFiles.other(file));
  }

  private static FileSystemException copy(FileSystemException e, String file, String other) {
    if (e instanceof NoSuchFileException) {
      return new NoSuchFileException(file, other, e.getReason());
    }
    assertEquals(FileSystemException.class, e.getClass(), "a plain FileSystemException here");
    return new FileSystemException(file, other, e.getReason());
  }
}
