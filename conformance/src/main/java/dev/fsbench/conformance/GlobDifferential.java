package dev.fsbench.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.fsbench.spi.FsBackend;
import dev.fsbench.spi.GlobOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * A backend's glob against bash on random trees and patterns ({@link RandomGlob}), where every
 * difference must be a declared deviation of {@code docs/semantics/glob.md}:
 *
 * <ul>
 *   <li><b>links</b>: fsbench never follows a link, bash follows one named by a literal or {@code
 *       *} segment or tested by a trailing {@code /}. So the backend's result on the tree must be
 *       bash's on the same tree with every link made dangling (where there is nothing to follow),
 *       and must not change when the links are made dangling; on the tree as it is, bash may give
 *       more, but only paths that end at or pass through a link;
 *   <li><b>malformed</b>: a pattern broken on purpose must be an {@link IllegalArgumentException}
 *       (bash would take its characters literally);
 *   <li>the result mapping of {@link BashGlob} (normalized paths, each once, no order; directories
 *       dropped without {@code includeDirectories}).
 * </ul>
 *
 * Anything else that differs fails, with the seed, the tree and the call to reproduce it. The seed
 * is {@value #SEED} unless {@code -Dfsbench.glob.seed=N} says otherwise.
 *
 * <p>A peer ({@link #run(FsBackend, Path, GlobDialect)}) is held to the same, with what its {@link
 * GlobDialect} declares: a well-formed call it cannot express must be refused with {@link
 * IllegalArgumentException} naming the deviation (and is not compared), and a link to nothing may
 * or must be missing from its answer as the dialect says, on the tree as it is and with every link
 * made dangling.
 */
public final class GlobDifferential {
  private GlobDifferential() {}

  /** The seed of the committed run. */
  public static final long SEED = 20261210L;

  private static final int TREES = 60;
  private static final int QUERIES_PER_TREE = 8;

  /**
   * What was compared.
   *
   * @param refused malformed calls, refused as the SPI says
   * @param declined well-formed calls a peer's dialect refuses, as it declares
   */
  public record Summary(
      long seed, int trees, int compared, int matchedSomething, int refused, int declined) {}

  private record Query(List<String> patterns, GlobOptions options, boolean malformed) {
    String describe() {
      return patterns
          + (options.dot() ? " dot" : "")
          + (options.includeDirectories() ? "" : " files")
          + " concurrency "
          + options.concurrency();
    }
  }

  /**
   * Runs the comparison for {@code fs} in {@code scratch} (which the caller removes); skips, by a
   * JUnit assumption, when bash is not installed.
   */
  public static Summary run(FsBackend fs, Path scratch) throws IOException {
    return run(fs, scratch, null);
  }

  /**
   * As {@link #run(FsBackend, Path)}, for a peer whose declared deviations {@code dialect} states
   * (null: none).
   */
  public static Summary run(FsBackend fs, Path scratch, GlobDialect dialect) throws IOException {
    Tools.assumeInstalled("bash");
    long seed = Long.getLong("fsbench.glob.seed", SEED);
    RandomGlob random = new RandomGlob(seed);
    int compared = 0;
    int matchedSomething = 0;
    int refused = 0;
    int declined = 0;
    for (int t = 0; t < TREES; t++) {
      List<String> entries = random.tree();
      Path root = Files.createDirectory(scratch.resolve("tree-" + t));
      new GlobTable.Tree("random-" + t, entries).create(root);
      List<Query> queries = new ArrayList<>();
      for (int q = 0; q < QUERIES_PER_TREE; q++) {
        queries.add(query(random));
      }
      String where = "seed " + seed + ", tree " + t + " " + entries;
      List<Query> asked = new ArrayList<>();
      List<Set<String>> results = new ArrayList<>();
      for (Query query : queries) {
        if (query.malformed()) {
          assertThrows(
              IllegalArgumentException.class,
              () -> fs.glob(root, query.patterns(), query.options()),
              where + ": " + query.describe() + " is malformed");
          refused++;
        } else if (dialect != null && dialect.refusal(query.patterns(), query.options()) != null) {
          String deviation = "'" + dialect.refusal(query.patterns(), query.options()) + "'";
          IllegalArgumentException e =
              assertThrows(
                  IllegalArgumentException.class,
                  () -> fs.glob(root, query.patterns(), query.options()),
                  where + ": " + query.describe() + " is declared refused, " + deviation);
          assertTrue(e.getMessage().contains(deviation), e.getMessage() + " names " + deviation);
          declined++;
        } else {
          asked.add(query);
          results.add(result(fs, root, query, where));
        }
      }
      List<Set<String>> live = bash(root, asked);
      Set<String> deadBefore = deadLinks(root);
      makeLinksDangle(root);
      Set<String> deadAfter = deadLinks(root);
      List<Set<String>> dangling = bash(root, asked);
      for (int i = 0; i < asked.size(); i++) {
        Query query = asked.get(i);
        String call = where + ": " + query.describe();
        if (dialect == null) {
          assertEquals(
              dangling.get(i), results.get(i), call + " against bash, links made dangling");
          assertEquals(
              results.get(i),
              result(fs, root, query, where),
              call + ": the result changed when the links were made dangling");
        } else {
          assertDeclared(
              dialect, query, dangling.get(i), deadBefore, results.get(i), call + ", live links");
          assertDeclared(
              dialect,
              query,
              dangling.get(i),
              deadAfter,
              result(fs, root, query, where),
              call + ", links made dangling");
        }
        assertTrue(live.get(i).containsAll(results.get(i)), call + " against bash " + live.get(i));
        for (String extra : live.get(i)) {
          if (!results.get(i).contains(extra) && !throughLink(root, extra)) {
            fail(call + ": bash also gives " + extra + ", which involves no link");
          }
        }
        compared++;
        matchedSomething += results.get(i).isEmpty() ? 0 : 1;
      }
    }
    return new Summary(seed, TREES, compared, matchedSomething, refused, declined);
  }

  private static Query query(RandomGlob random) {
    List<String> patterns = new ArrayList<>();
    patterns.add(random.pattern());
    if (random.chance(25)) {
      patterns.add(random.pattern());
    }
    boolean malformed = random.chance(10);
    if (malformed) {
      patterns.set(patterns.size() - 1, random.malformed(patterns.get(patterns.size() - 1)));
    }
    int concurrency = random.chance(30) ? 4 : random.chance(50) ? 1 : 0;
    GlobOptions options = new GlobOptions(!random.chance(25), random.chance(35), concurrency);
    return new Query(List.copyOf(patterns), options, malformed);
  }

  private static Set<String> result(FsBackend fs, Path root, Query query, String where)
      throws IOException {
    List<String> got = fs.glob(root, query.patterns(), query.options());
    Set<String> set = new TreeSet<>(got);
    assertEquals(set.size(), got.size(), where + ": " + query.describe() + " duplicates " + got);
    return set;
  }

  /** bash's answers, one process per value of dot, in the queries' order. */
  private static List<Set<String>> bash(Path root, List<Query> queries) throws IOException {
    List<Set<String>> out = new ArrayList<>(queries.size());
    for (int i = 0; i < queries.size(); i++) {
      out.add(null);
    }
    for (boolean dot : List.of(false, true)) {
      List<Integer> which = new ArrayList<>();
      for (int i = 0; i < queries.size(); i++) {
        if (queries.get(i).options().dot() == dot) {
          which.add(i);
        }
      }
      List<Set<String>> answers =
          BashGlob.globAll(
              root, which.stream().map(i -> queries.get(i).patterns()).toList(), dot, true);
      for (int k = 0; k < which.size(); k++) {
        Query query = queries.get(which.get(k));
        out.set(
            which.get(k),
            BashGlob.withoutDirectories(
                root, answers.get(k), query.options().includeDirectories()));
      }
    }
    return out;
  }

  /**
   * A peer's {@code got} against bash's answer on the tree with every link made dangling: the same,
   * but for the links to nothing ({@code dead}) the dialect leaves out, or may.
   */
  private static void assertDeclared(
      GlobDialect dialect,
      Query query,
      Set<String> bash,
      Set<String> dead,
      Set<String> got,
      String call) {
    for (String path : got) {
      assertTrue(bash.contains(path), call + ": " + path + " is not in bash's " + bash);
    }
    for (String path : bash) {
      GlobDialect.DeadLinks rule =
          dead.contains(path)
              ? dialect.deadLink(path, query.patterns(), query.options())
              : GlobDialect.DeadLinks.KEPT;
      if (rule == GlobDialect.DeadLinks.KEPT) {
        assertTrue(got.contains(path), call + ": " + path + " is missing from " + got);
      } else if (rule == GlobDialect.DeadLinks.LEFT_OUT) {
        assertTrue(
            !got.contains(path), call + ": " + path + " is a link to nothing, declared left out");
      }
    }
  }

  /** The links of the tree whose target does not exist, relative to {@code root}. */
  private static Set<String> deadLinks(Path root) throws IOException {
    Set<String> out = new TreeSet<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path path : walk.toList()) {
        if (Files.isSymbolicLink(path) && !Files.exists(path)) {
          out.add(root.relativize(path).toString());
        }
      }
    }
    return out;
  }

  /** Points every link of the tree where nothing is, keeping its name and place. */
  private static void makeLinksDangle(Path root) throws IOException {
    List<Path> links;
    try (Stream<Path> walk = Files.walk(root)) {
      links = walk.filter(Files::isSymbolicLink).toList();
    }
    for (Path link : links) {
      Files.delete(link);
      Files.createSymbolicLink(link, root.getFileSystem().getPath(".fsbench-nothing-here"));
    }
  }

  /** Whether {@code relative} is a link or lies below one (seen without following links). */
  private static boolean throughLink(Path root, String relative) {
    Path at = root;
    for (String name : relative.split("/")) {
      at = at.resolve(name);
      if (Files.isSymbolicLink(at)) {
        return true;
      }
      if (!Files.exists(at, LinkOption.NOFOLLOW_LINKS)) {
        return false;
      }
    }
    return false;
  }
}
