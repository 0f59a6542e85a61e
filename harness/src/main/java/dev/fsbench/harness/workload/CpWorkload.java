package dev.fsbench.harness.workload;

import dev.fsbench.harness.model.CellKey;
import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FileKind;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.ScanEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/**
 * cp: a whole tree copied to a new destination, timestamps not preserved. Verified: the copy's
 * manifest (every path and its kind) is the fixture's, every file holds the payload, and every
 * entry has its source's permission bits.
 *
 * <p>The source is only read, so the trial keeps it; each sample copies into its own fresh
 * directory.
 */
final class CpWorkload extends CellWorkload {
  private static final List<Case> CASES = Family.treeCases(true);

  static final Family FAMILY =
      new Family(
          Op.CP,
          CASES,
          Family.pick(CASES, Scenario.TREE_1000, CellKey.NO_VARIANT),
          CpWorkload::new);

  private final byte[] payload = Payload.buffer(Payload.SIZE);
  private final CpOptions options;
  private Path source;
  private Path target;
  private List<TreeFixture.Entry> manifest;
  private Map<String, Integer> sourcePermissions;

  private CpWorkload(Cell cell) {
    super(cell);
    options = CpOptions.DEFAULT.withConcurrency(concurrency);
  }

  @Override
  void prepareTrial(Path fixtureDir) throws IOException {
    source = fixtureDir.resolve(TreeFixture.ROOT);
    TreeFixture.create(source, spec.scenario().treeFiles(), payload);
    manifest = TreeFixture.manifest(spec.scenario().treeFiles());
    sourcePermissions = new HashMap<>();
    for (ScanEntry entry : Oracle.scan(source)) {
      sourcePermissions.put(entry.path(), entry.mode() & 07777);
    }
  }

  @Override
  void prepare(Path iterationDir) {
    target = iterationDir.resolve("copy");
  }

  @Override
  Object call(int i) throws IOException {
    backend.cp(source, target, options);
    return null;
  }

  @Override
  CompletableFuture<?> callAsync(int i) {
    return backend.cpAsync(source, target, options);
  }

  @Override
  void check(int i, Object result, Verifier v) throws IOException {
    if (!Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
      v.fail("the copy " + target.getFileName() + " is not a directory");
      return;
    }
    List<ScanEntry> copied = Oracle.scan(target);
    List<TreeFixture.Entry> copiedManifest =
        copied.stream()
            .map(e -> new TreeFixture.Entry(e.path(), e.kind()))
            .collect(Collectors.toList());
    if (!copiedManifest.equals(manifest)) {
      Oracle.sameSet(
          v,
          "the copy's manifest",
          manifest.stream()
              .map(CpWorkload::describe)
              .collect(Collectors.toCollection(LinkedHashSet::new)),
          copiedManifest.stream().map(CpWorkload::describe).collect(Collectors.toList()));
      return;
    }
    for (ScanEntry entry : copied) {
      int permissions = entry.mode() & 07777;
      Integer expected = sourcePermissions.get(entry.path());
      if (expected == null || permissions != expected) {
        v.fail(
            entry.path()
                + " has mode 0"
                + Integer.toOctalString(permissions)
                + ", its source 0"
                + Integer.toOctalString(expected == null ? 0 : expected));
      }
      if (entry.kind() == FileKind.FILE) {
        String difference =
            Oracle.difference(payload, Files.readAllBytes(target.resolve(entry.path())));
        if (difference != null) {
          v.fail(entry.path() + " content " + difference);
        }
      }
    }
  }

  private static String describe(TreeFixture.Entry entry) {
    return entry.path() + " (" + entry.kind() + ")";
  }
}
