package dev.fsbench.hostile;

import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.RmOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The symlink-swap races: while a backend's rm or cp walks a tree, another thread swaps directories
 * of the tree, one after the other and again and again, for symbolic links to a victim directory
 * outside it (move the directory aside, link in its place, then back). A walk that reads a
 * directory's attributes and then opens it by its path goes through the link.
 *
 * <ul>
 *   <li><b>rm</b>: {@code rm -rf tree} with directories of {@code tree} swapped; counted: victim
 *       files deleted.
 *   <li><b>cp</b>: {@code cp src dst} into an existing {@code dst} whose directories are merged
 *       into (the contract merges), with directories of {@code dst} swapped; counted: entries
 *       written into the victim (new ones, or its files changed).
 * </ul>
 *
 * The victim is restored after every try, so each try starts from the same state. A try may fail
 * (an entry vanished, a link stood where a directory was): that is counted, never a victim effect.
 */
final class SwapRaces {
  private SwapRaces() {}

  static final int DIRECTORIES = 8;
  static final int FILES_PER_DIRECTORY = 8;
  static final int VICTIM_FILES = 40;
  private static final FileTime VICTIM_TIME = FileTime.fromMillis(978_307_200_000L);

  /** The count of one backend and operation. */
  static final class Tally {
    int tries;
    int victimFilesDeleted;
    int victimEntriesWritten;
    int triesTouchingVictim;
    int failedTries;
    final Map<String, Integer> failures = new TreeMap<>();

    /** Throwables that are not IOExceptions: a backend must never throw those here. */
    final List<String> unexpected = new ArrayList<>();

    String encode(String backend, String op) {
      return String.join(
          "\t",
          "race",
          backend,
          op,
          Integer.toString(tries),
          Integer.toString(victimFilesDeleted),
          Integer.toString(victimEntriesWritten),
          Integer.toString(triesTouchingVictim),
          Integer.toString(failedTries),
          Outcome.enc(failures.toString()),
          Outcome.enc(String.join("; ", unexpected)));
    }
  }

  /** Runs {@code tries} rm races against {@code backend} in {@code dir}. */
  static Tally rm(FsBackend backend, Path dir, int tries, long seed) throws Exception {
    Tally t = new Tally();
    Path victim = victim(dir);
    Map<String, String> pristine = Manifest.of(victim, true);
    Random random = new Random(seed);
    for (int i = 0; i < tries; i++) {
      Path tryDir = Files.createDirectory(dir.resolve("rm" + i));
      Path tree = Files.createDirectory(tryDir.resolve("tree"));
      Path aside = Files.createDirectory(tryDir.resolve("aside"));
      fill(tree);
      race(t, tree, aside, victim, random, () -> backend.rm(tree, RmOptions.RECURSIVE_FORCE));
      Map<String, String> now = Manifest.of(victim, true);
      int deleted = 0;
      for (String name : pristine.keySet()) {
        if (!now.containsKey(name)) {
          deleted++;
        }
      }
      t.victimFilesDeleted += deleted;
      int written = written(pristine, now);
      t.victimEntriesWritten += written;
      if (deleted + written > 0) {
        t.triesTouchingVictim++;
        restore(victim, pristine);
      }
      CaseRunner.remove(tryDir);
    }
    return t;
  }

  /** Runs {@code tries} cp races against {@code backend} in {@code dir}. */
  static Tally cp(FsBackend backend, Path dir, int tries, long seed) throws Exception {
    Tally t = new Tally();
    Path victim = victim(dir);
    Map<String, String> pristine = Manifest.of(victim, true);
    Path src = Files.createDirectory(dir.resolve("cp-src"));
    fill(src);
    Random random = new Random(seed);
    for (int i = 0; i < tries; i++) {
      Path tryDir = Files.createDirectory(dir.resolve("cp" + i));
      Path dst = Files.createDirectory(tryDir.resolve("dst"));
      Path aside = Files.createDirectory(tryDir.resolve("aside"));
      for (int d = 0; d < DIRECTORIES; d++) {
        Files.createDirectory(dst.resolve("d" + d)); // merged into by cp: these are swapped
      }
      race(t, dst, aside, victim, random, () -> backend.cp(src, dst, CpOptions.DEFAULT));
      Map<String, String> now = Manifest.of(victim, true);
      int deleted = 0;
      for (String name : pristine.keySet()) {
        if (!now.containsKey(name)) {
          deleted++;
        }
      }
      int written = written(pristine, now);
      t.victimFilesDeleted += deleted;
      t.victimEntriesWritten += written;
      if (deleted + written > 0) {
        t.triesTouchingVictim++;
        restore(victim, pristine);
      }
      CaseRunner.remove(tryDir);
    }
    return t;
  }

  private interface Operation {
    void run() throws Exception;
  }

  /** One try: the swapper runs from just before the operation until it returned. */
  private static void race(
      Tally t, Path tree, Path aside, Path victim, Random random, Operation operation)
      throws InterruptedException {
    AtomicBoolean stop = new AtomicBoolean();
    long seed = random.nextLong();
    Thread swapper = new Thread(() -> swap(tree, aside, victim, new Random(seed), stop), "swapper");
    swapper.setDaemon(true);
    swapper.start();
    t.tries++;
    try {
      operation.run();
    } catch (IOException e) {
      t.failedTries++;
      t.failures.merge(e.getClass().getSimpleName(), 1, Integer::sum);
    } catch (Throwable e) {
      t.failedTries++;
      t.unexpected.add(e.toString());
    } finally {
      stop.set(true);
      swapper.join(30_000);
    }
  }

  /**
   * Swaps the tree's directories {@code d0..} for links to the victim and back, in random order,
   * until stopped; leaves every one it moved back in place (or gone, when the operation took it).
   */
  private static void swap(Path tree, Path aside, Path victim, Random random, AtomicBoolean stop) {
    while (!stop.get()) {
      String name = "d" + random.nextInt(DIRECTORIES);
      Path d = tree.resolve(name);
      Path away = aside.resolve(name);
      try {
        Files.move(d, away);
      } catch (IOException e) {
        continue; // already taken by the operation, or not there yet
      }
      try {
        Files.createSymbolicLink(d, victim);
        Thread.onSpinWait();
        Files.delete(d);
      } catch (IOException e) {
        // the operation created or removed the name meanwhile
      }
      try {
        Files.move(away, d);
      } catch (IOException e) {
        // the operation put something there meanwhile: leave the directory aside
      }
    }
  }

  /** {@code d0..} each with files {@code f0..}, and files at the top. */
  private static void fill(Path tree) throws IOException {
    for (int d = 0; d < DIRECTORIES; d++) {
      Path dir = Files.createDirectory(tree.resolve("d" + d));
      for (int f = 0; f < FILES_PER_DIRECTORY; f++) {
        Files.writeString(dir.resolve("f" + f), "tree file\n", StandardCharsets.UTF_8);
      }
    }
    for (int f = 0; f < FILES_PER_DIRECTORY; f++) {
      Files.writeString(tree.resolve("top" + f), "tree file\n", StandardCharsets.UTF_8);
    }
  }

  /** The victim directory: files whose names no tree has ({@code v0..}), all with one old mtime. */
  private static Path victim(Path dir) throws IOException {
    Path victim = dir.resolve("victim");
    if (!Files.isDirectory(victim, LinkOption.NOFOLLOW_LINKS)) {
      Files.createDirectory(victim);
      for (int i = 0; i < VICTIM_FILES; i++) {
        writeVictimFile(victim.resolve("v" + i));
      }
      Files.setLastModifiedTime(victim, VICTIM_TIME);
    }
    return victim;
  }

  private static void writeVictimFile(Path v) throws IOException {
    Files.writeString(v, "victim file\n", StandardCharsets.UTF_8);
    Files.setLastModifiedTime(v, VICTIM_TIME);
  }

  /** Entries in the victim that were not there, or that changed. */
  private static int written(Map<String, String> pristine, Map<String, String> now) {
    int written = 0;
    for (Map.Entry<String, String> e : now.entrySet()) {
      String before = pristine.get(e.getKey());
      if (before == null || !before.equals(e.getValue())) {
        written++;
      }
    }
    return written;
  }

  /** Puts the victim back as it was: extra entries removed, missing or changed files rewritten. */
  private static void restore(Path victim, Map<String, String> pristine) throws Exception {
    Files.createDirectories(victim);
    Map<String, String> now = Manifest.of(victim, true);
    for (String name : now.keySet()) {
      if (!pristine.containsKey(name)) {
        CaseRunner.remove(victim.resolve(name));
      }
    }
    Map<String, String> left = Manifest.of(victim, true);
    for (Map.Entry<String, String> e : pristine.entrySet()) {
      if (!e.getValue().equals(left.get(e.getKey()))) {
        Files.deleteIfExists(victim.resolve(e.getKey()));
        writeVictimFile(victim.resolve(e.getKey()));
      }
    }
    Files.setLastModifiedTime(victim, VICTIM_TIME);
  }
}
