package dev.fsbench.guava;

import com.google.common.io.MoreFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * writeFile and appendFile: {@code MoreFiles.asByteSink} and {@code MoreFiles.asCharSink}. Without
 * options a sink opens {@code CREATE, TRUNCATE_EXISTING, WRITE}, which is writeFile; appendFile
 * passes {@code CREATE, APPEND} (the {@code Path} form of {@code FileWriteMode.APPEND}, which only
 * Guava's {@code java.io.File} calls take). A sink creates no parent directories, so a missing
 * parent fails as NIO's open fails, and Guava adds nothing to translate but the contract's spelling
 * of a directory ({@link Failures#fileExpected}).
 */
final class FileWrites {
  private FileWrites() {}

  private static final OpenOption[] WRITE = {};
  private static final OpenOption[] APPEND = {StandardOpenOption.CREATE, StandardOpenOption.APPEND};

  static void write(Path path, byte[] data, boolean append) throws IOException {
    try {
      MoreFiles.asByteSink(path, append ? APPEND : WRITE).write(data);
    } catch (IOException e) {
      throw Failures.fileExpected(path, e);
    }
  }

  static void write(Path path, String text, boolean append) throws IOException {
    try {
      MoreFiles.asCharSink(path, StandardCharsets.UTF_8, append ? APPEND : WRITE).write(text);
    } catch (IOException e) {
      throw Failures.fileExpected(path, e);
    }
  }
}
