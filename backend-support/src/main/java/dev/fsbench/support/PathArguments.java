package dev.fsbench.support;

import java.nio.file.FileSystem;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.util.Objects;

/** The contract's check of a path argument, shared by the two backend base classes here. */
final class PathArguments {
  private PathArguments() {}

  static Path check(Path path, String name, FileSystem fileSystem, String backendId) {
    Objects.requireNonNull(path, name);
    if (path.getFileSystem() != fileSystem) {
      throw new ProviderMismatchException(
          name
              + " "
              + path
              + " belongs to another filesystem than backend '"
              + backendId
              + "' works on");
    }
    return path;
  }
}
