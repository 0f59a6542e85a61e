package dev.fsbench.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.fsbench.spi.CpOptions;
import dev.fsbench.spi.FsBackend;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A backend's cp against GNU {@code cp -a -T} on random trees ({@link CpTree}): the same tree is
 * built twice, one copy made by {@code cp -aT}, one by the backend with {@code overwrite} (and
 * {@code preserveTimestamps} in two trees of three), then every entry's {@code stat} (type, mode,
 * size, access and modification time to the nanosecond, owner, group, link count) is compared and
 * {@code diff -r --no-dereference} must find the contents and link targets equal.
 *
 * <p>The differences cp.md declares for every backend are expected: the owner is not copied (the
 * copy belongs to the caller; the trees hold a file of another owner when run as root), hard links
 * are not kept (the trees hold a pair), and without {@code preserveTimestamps} times are not
 * compared. The backend's own deviations ({@link CpDeviation}) are expected where declared and must
 * show at least once; anything else fails with the seed and the tree. {@link CpEdgeCases} covers
 * what random trees do not: copying onto existing entries, special files, missing parents.
 */
public final class CpDifferential {
  private CpDifferential() {}

  /** The seed of the committed run; {@code -Dfsbench.cp.seed=N} for another. */
  public static final long SEED = 20261211L;

  private static final int TREES = 18;

  /** What was compared, and how often each deviation (cp.md's and the backend's) showed. */
  public record Summary(long seed, int trees, int entries, Map<String, Integer> shown) {}

  /**
   * Runs the comparison in {@code scratch} (which the caller removes); skips, by a JUnit
   * assumption, when one of the reference tools is not installed.
   */
  public static Summary run(FsBackend fs, Path scratch, Set<CpDeviation> declared)
      throws IOException {
    Tools.assumeInstalled("bash", "cp", "diff", "stat", "touch", "chmod", "chown");
    long seed = Long.getLong("fsbench.cp.seed", SEED);
    Random random = new Random(seed);
    int callerUid = (Integer) Files.getAttribute(scratch, "unix:uid");
    int callerGid = (Integer) Files.getAttribute(scratch, "unix:gid");
    boolean root = callerUid == 0;
    Map<String, Integer> shown = new TreeMap<>();
    int entries = 0;
    for (int t = 0; t < TREES; t++) {
      boolean preserve = t % 3 != 2;
      CpTree tree = CpTree.random(random, root);
      Path dir = Files.createDirectory(scratch.resolve("tree-" + t));
      tree.create(dir.resolve("a"));
      tree.create(dir.resolve("b"));
      Tools.run(dir, List.of(Tools.require("cp").toString(), "-aT", "a", "ref"), new byte[0]);
      int concurrency = random.nextInt(3) == 0 ? 4 : random.nextInt(2);
      fs.cp(dir.resolve("b"), dir.resolve("copy"), new CpOptions(preserve, true, concurrency));
      Map<String, StatSnapshot.Attributes> ref = StatSnapshot.of(dir.resolve("ref"), tree.paths());
      Map<String, StatSnapshot.Attributes> copy =
          StatSnapshot.of(dir.resolve("copy"), tree.paths());
      String where =
          "seed " + seed + ", tree " + t + (preserve ? " (preserve) " : " ") + tree + ": ";
      assertEquals(
          new TreeSet<>(StatSnapshot.list(dir.resolve("ref"))),
          new TreeSet<>(StatSnapshot.list(dir.resolve("copy"))),
          where + "the entries");
      Rules rules = new Rules(declared, preserve, callerUid, callerGid, shown);
      for (String path : ref.keySet()) {
        rules.compare(where + path, ref.get(path), copy.get(path));
        entries++;
      }
      Tools.Result diff =
          Tools.runAllowingFailure(
              dir,
              List.of(Tools.require("diff").toString(), "-r", "--no-dereference", "ref", "copy"),
              new byte[0]);
      assertEquals(
          0, diff.exitCode(), where + "diff -r: " + new String(diff.stdout()) + diff.stderr());
    }
    mustShow(shown, "hard links not kept", true);
    mustShow(shown, "owner not copied", root);
    for (CpDeviation d :
        List.of(
            CpDeviation.LINK_TIMES_IN_MICROSECONDS,
            CpDeviation.LINK_ACCESS_TIME_MOVED,
            CpDeviation.FILE_TIMES_IN_MICROSECONDS,
            CpDeviation.SPECIAL_BITS_DROPPED,
            CpDeviation.SPECIAL_BITS_DROPPED_BY_HANDLES,
            CpDeviation.TIMES_IN_MICROSECONDS_BY_HANDLES,
            CpDeviation.FILE_OWNER_COPIED_WITH_PRESERVE)) {
      mustShow(
          shown,
          d.name(),
          declared.contains(d) && (d != CpDeviation.FILE_OWNER_COPIED_WITH_PRESERVE || root));
    }
    return new Summary(seed, TREES, entries, shown);
  }

  private static void mustShow(Map<String, Integer> shown, String what, boolean expected) {
    if (expected && shown.getOrDefault(what, 0) == 0) {
      fail(what + " is declared but never showed: the declaration is wrong, or the trees miss it");
    }
  }

  /** What the copy of one entry must be, given the reference's copy of it. */
  private record Rules(
      Set<CpDeviation> declared,
      boolean preserve,
      int callerUid,
      int callerGid,
      Map<String, Integer> shown) {

    void compare(String what, StatSnapshot.Attributes ref, StatSnapshot.Attributes copy) {
      assertEquals(ref.type(), copy.type(), what + ": type");
      if (!ref.isDirectory()) {
        assertEquals(ref.size(), copy.size(), what + ": size");
      }
      if (!ref.isLink()) {
        int mode = ref.mode();
        if (declared.contains(CpDeviation.SPECIAL_BITS_DROPPED)
            && (ref.isDirectory() || !preserve)) {
          mode = show(CpDeviation.SPECIAL_BITS_DROPPED.name(), ref.mode(), ref.mode() & 0777);
        } else if (declared.contains(CpDeviation.SPECIAL_BITS_DROPPED_BY_HANDLES)) {
          mode =
              show(
                  CpDeviation.SPECIAL_BITS_DROPPED_BY_HANDLES.name(),
                  ref.mode(),
                  ref.mode() & 0777);
        }
        assertEquals(Integer.toOctalString(mode), Integer.toOctalString(copy.mode()), what);
      }
      boolean ownerCopied =
          declared.contains(CpDeviation.FILE_OWNER_COPIED_WITH_PRESERVE)
              && preserve
              && ref.isFile();
      if (ownerCopied) {
        show(CpDeviation.FILE_OWNER_COPIED_WITH_PRESERVE.name(), callerUid, ref.uid());
        assertEquals(ref.uid(), copy.uid(), what + ": owner");
        assertEquals(ref.gid(), copy.gid(), what + ": group");
      } else if (!ref.isLink()) {
        assertEquals(show("owner not copied", ref.uid(), callerUid), copy.uid(), what + ": owner");
        if (ref.gid() != callerGid) {
          assertEquals(callerGid, copy.gid(), what + ": group");
        }
      }
      int links = ref.isFile() ? show("hard links not kept", ref.links(), 1) : ref.links();
      assertEquals(links, copy.links(), what + ": link count");
      if (preserve) {
        CpDeviation coarse =
            ref.isLink()
                ? CpDeviation.LINK_TIMES_IN_MICROSECONDS
                : ref.isFile() ? CpDeviation.FILE_TIMES_IN_MICROSECONDS : null;
        if (!ref.isLink()
            && declared.contains(CpDeviation.TIMES_IN_MICROSECONDS_BY_HANDLES)
            && (coarse == null || !declared.contains(coarse))) {
          coarse = CpDeviation.TIMES_IN_MICROSECONDS_BY_HANDLES;
        }
        boolean micro = coarse != null && declared.contains(coarse);
        long atime =
            micro
                ? show(coarse.name(), ref.atimeNanos(), micro(ref.atimeNanos()))
                : ref.atimeNanos();
        long mtime =
            micro
                ? show(coarse.name(), ref.mtimeNanos(), micro(ref.mtimeNanos()))
                : ref.mtimeNanos();
        assertEquals(mtime, copy.mtimeNanos(), what + ": modification time");
        boolean linkAccessed =
            ref.isLink() && declared.contains(CpDeviation.LINK_ACCESS_TIME_MOVED);
        if (linkAccessed) {
          show(CpDeviation.LINK_ACCESS_TIME_MOVED.name(), atime, copy.atimeNanos());
        } else if (ref.links() == 1 || !ref.isFile()) {
          // the names of one file are read one by one: those after the first carry the access
          // time the first read gave it
          assertEquals(atime, copy.atimeNanos(), what + ": access time");
        }
      }
    }

    /** {@code changed}, counting the deviation when it differs from what cp -a gave. */
    private int show(String deviation, int reference, int changed) {
      if (changed != reference) {
        shown.merge(deviation, 1, Integer::sum);
      }
      return changed;
    }

    private long show(String deviation, long reference, long changed) {
      if (changed != reference) {
        shown.merge(deviation, 1, Integer::sum);
      }
      return changed;
    }

    private static long micro(long nanos) {
      return nanos - Math.floorMod(nanos, 1000L);
    }
  }
}
