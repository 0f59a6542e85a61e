package dev.fsbench.harness.run;

import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.support.TreeRemoval;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Sandboxes that a run killed without a chance to clean up (kill -9, a power loss) left in a {@code
 * --root}: directories {@code fsbench-*} holding a {@link RunOwner} marker whose process is gone.
 * {@code run} names them when it starts; only {@code fsbench clean} removes them, and it touches
 * nothing else: not a directory without a marker, not one whose process still runs, not a link,
 * whatever its name.
 *
 * <pre>{@code
 * for (StaleSandboxes.Stale s : StaleSandboxes.find(root)) {
 *   StaleSandboxes.remove(s);   // checked again just before
 * }
 * }</pre>
 */
public final class StaleSandboxes {
  private StaleSandboxes() {}

  /**
   * A sandbox whose run is gone.
   *
   * @param dir the sandbox
   * @param owner its marker
   */
  public record Stale(Path dir, RunOwner owner) {
    /** The dead run's claim of its results folder, if the marker names one. */
    Optional<Path> claim() {
      return owner.results() == null
          ? Optional.empty()
          : Optional.of(Path.of(owner.results()).resolve(ResultsFolder.CLAIM));
    }

    /** One line for a person: the sandbox, its run, and where that run's results are. */
    public String describe() {
      return dir
          + " (left by fsbench run pid "
          + owner.pid()
          + (owner.processStart() == null ? "" : ", started " + owner.processStart())
          + ", which is gone"
          + (owner.results() == null
              ? ""
              : "; its results in " + owner.results() + " stay as it left them, marked running")
          + ")";
    }
  }

  /** The stale sandboxes in {@code root}, in name order; none when {@code root} does not exist. */
  public static List<Stale> find(Path root) throws IOException {
    List<Stale> stale = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(root, Sandbox.PREFIX + "*")) {
      for (Path entry : entries) {
        if (!Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
          continue;
        }
        RunOwner.readFrom(entry)
            .filter(owner -> !owner.alive())
            .ifPresent(owner -> stale.add(new Stale(entry, owner)));
      }
    } catch (NoSuchFileException e) {
      return List.of();
    }
    stale.sort((a, b) -> a.dir().compareTo(b.dir()));
    return stale;
  }

  /** Tells {@code err} about each stale sandbox in {@code root}, and how to remove them. */
  public static void note(Path root, PrintStream err) {
    List<Stale> stale;
    try {
      stale = find(root);
    } catch (IOException e) {
      return; // the sandbox's own creation reports a root it cannot use
    }
    for (Stale s : stale) {
      err.println("note: stale sandbox " + s.describe());
    }
    if (!stale.isEmpty()) {
      err.println(
          "note: left in place; remove with: fsbench clean --root " + root.toAbsolutePath());
    }
  }

  /**
   * Removes a stale sandbox, and the dead run's claim in its results folder (its scratch files)
   * when that claim carries the same owner. Both are checked again first; false when the sandbox is
   * no longer stale (its marker changed, or it is gone).
   */
  public static boolean remove(Stale stale) throws IOException {
    Optional<RunOwner> now = RunOwner.readFrom(stale.dir());
    if (now.isEmpty()
        || !now.get().sameProcess(stale.owner())
        || now.get().alive()
        || !Files.isDirectory(stale.dir(), LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    TreeRemoval.cleanUp(stale.dir());
    Optional<Path> claim = stale.claim();
    if (claim.isPresent()
        && Files.isDirectory(claim.get(), LinkOption.NOFOLLOW_LINKS)
        && RunOwner.readFrom(claim.get()).filter(o -> o.sameProcess(stale.owner())).isPresent()) {
      TreeRemoval.cleanUp(claim.get());
    }
    return true;
  }
}
