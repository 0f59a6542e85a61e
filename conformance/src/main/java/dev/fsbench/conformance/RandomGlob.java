package dev.fsbench.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Small random trees and glob patterns for {@link GlobDifferential}, from one seed.
 *
 * <p>The trees hold files, directories, dot names, names with glob syntax in them, links to files,
 * to directories (one to {@code ..}) and dangling ones. The patterns use all of glob.md's syntax:
 * literals (the trees' names among them), escapes, {@code * ? [...]} (negated, ranges, a leading
 * {@code ]}), {@code **}, groups (nested, spanning segments, empty alternatives, without a comma),
 * {@code .} segments, a trailing {@code /} or {@code /.}.
 *
 * <p>Left out by construction, so that bash never looks outside the tree: a {@code ..} segment (a
 * bare {@code .} is only ever written first in a segment, and the trees' names hold more than dots)
 * and an expansion that starts with {@code /}. Left out because they are declared deviations that
 * conformance/glob.tsv covers row by row: braces and commas inside brackets, sequence expressions,
 * POSIX classes, and empty segments (a group that begins a segment has no empty alternative, and
 * segments are joined by one {@code /}), since bash reads {@code **}{@code //x} at the start of a
 * pattern as one directory or more before {@code x}.
 *
 * <p>{@link #malformed} breaks a pattern in one of the ways glob.md refuses, known by construction.
 */
final class RandomGlob {
  private final Random random;

  RandomGlob(long seed) {
    this.random = new Random(seed);
  }

  /** Names a tree's entries may have. */
  private static final List<String> NAMES =
      List.of(
          "a", "b", "c", "ab", "ba", "abc", "a.b", "b.c", "x", ".a", ".b", ".ab", "a-b", "*", "?",
          "[a]", "{a}", "{}", "a,b", "]", "-", "\\", "é", "日本");

  /** A tree: {@code path}, {@code path/} and {@code path->target} entries, as glob.tsv writes. */
  List<String> tree() {
    List<String> entries = new ArrayList<>();
    fill(entries, "", 0);
    return entries;
  }

  private void fill(List<String> entries, String prefix, int depth) {
    int count = depth == 0 ? 4 + random.nextInt(6) : 1 + random.nextInt(5);
    List<String> used = new ArrayList<>();
    for (int k = 0; k < count; k++) {
      String name = pick(NAMES);
      if (used.contains(name)) {
        continue;
      }
      used.add(name);
      int kind = random.nextInt(100);
      if (kind < 45) {
        entries.add(prefix + name);
      } else if (kind < 82 && depth < 3) {
        entries.add(prefix + name + "/");
        fill(entries, prefix + name + "/", depth + 1);
      } else {
        String target =
            switch (random.nextInt(4)) {
              case 0 -> "missing";
              case 1 -> "..";
              default -> pick(NAMES);
            };
        entries.add(prefix + name + "->" + target);
      }
    }
  }

  /** A well-formed pattern (glob.md refuses none of them). */
  String pattern() {
    StringBuilder out = new StringBuilder();
    int segments = 1 + random.nextInt(3);
    if (random.nextInt(10) == 0) {
      out.append("./");
    }
    for (int s = 0; s < segments; s++) {
      if (s > 0) {
        out.append('/');
      }
      segment(out);
    }
    if (random.nextInt(8) == 0) {
      out.append(random.nextBoolean() ? "/" : "/.");
    }
    return out.toString();
  }

  private void segment(StringBuilder out) {
    int kind = random.nextInt(100);
    if (kind < 20) {
      out.append("**");
    } else if (kind < 40) {
      out.append('*');
    } else if (kind < 43) {
      out.append('.');
    } else if (kind < 60) {
      name(out); // a name of the trees, perhaps with a wildcard in it
    } else {
      if (kind < 68) {
        out.append('.'); // a leading literal dot: the dot rule
      }
      int atoms = 1 + random.nextInt(3);
      for (int a = 0; a < atoms; a++) {
        atom(out, a == 0 && kind >= 68, 0);
      }
    }
  }

  /** One of {@link #NAMES}, its glob syntax escaped, one character of it sometimes a wildcard. */
  private void name(StringBuilder out) {
    String name = pick(NAMES);
    int wild = random.nextInt(3) == 0 ? random.nextInt(name.length()) : -1;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (i == wild) {
        // a class of that character: but brackets never hold braces or commas (a declared
        // deviation)
        String member = "]\\{},-".indexOf(c) >= 0 ? "ab" : String.valueOf(c);
        out.append(pick(List.of("?", "*", "[" + member + "x]")));
      } else if ("*?[]{},\\".indexOf(c) >= 0) {
        out.append('\\').append(c);
      } else {
        out.append(c);
      }
    }
  }

  /**
   * One atom; one that {@code beginsSegment} is never empty (a group there has no empty
   * alternative).
   */
  private void atom(StringBuilder out, boolean beginsSegment, int depth) {
    int kind = random.nextInt(100);
    if (kind < 22) {
      out.append(pick(List.of("a", "b", "c", "x", "-", "é")));
    } else if (kind < 30) {
      name(out);
    } else if (kind < 38) {
      out.append(pick(List.of("\\*", "\\?", "\\[", "\\]", "\\{", "\\}", "\\,", "\\\\", "\\a")));
    } else if (kind < 58) {
      out.append('*');
    } else if (kind < 68) {
      out.append('?');
    } else if (kind < 82) {
      bracket(out);
    } else if (depth < 2) {
      group(out, beginsSegment, depth);
    } else {
      out.append('b');
    }
  }

  private void bracket(StringBuilder out) {
    out.append('[');
    if (random.nextInt(4) == 0) {
      out.append(random.nextBoolean() ? '!' : '^');
    }
    if (random.nextInt(6) == 0) {
      out.append(']'); // first: a member
    }
    // A bare '-' only last: between two members it would make a range, perhaps a reversed one.
    String members = "*.?abcx";
    int items = 1 + random.nextInt(3);
    for (int k = 0; k < items; k++) {
      int kind = random.nextInt(10);
      if (kind < 3) {
        char low = members.charAt(random.nextInt(members.length()));
        char high = members.charAt(random.nextInt(members.length()));
        out.append((char) Math.min(low, high)).append('-').append((char) Math.max(low, high));
      } else if (kind < 4) {
        out.append(pick(List.of("\\]", "\\-", "\\!", "\\\\", "\\{", "\\,")));
      } else {
        out.append(members.charAt(random.nextInt(members.length())));
      }
    }
    if (random.nextInt(6) == 0) {
      out.append('-');
    }
    out.append(']');
  }

  private void group(StringBuilder out, boolean beginsSegment, int depth) {
    out.append('{');
    int alternatives = random.nextInt(6) == 0 ? 1 : 2 + random.nextInt(2); // one: literal braces
    for (int k = 0; k < alternatives; k++) {
      if (k > 0) {
        out.append(',');
      }
      int atoms = beginsSegment ? 1 + random.nextInt(2) : random.nextInt(3);
      for (int a = 0; a < atoms; a++) {
        boolean slash = a > 0 && random.nextInt(5) == 0; // an alternative spanning segments
        if (slash) {
          out.append('/');
        }
        atom(out, slash || (beginsSegment && a == 0), depth + 1);
      }
    }
    out.append('}');
  }

  /** {@code pattern} broken in one of the ways glob.md refuses. */
  String malformed(String pattern) {
    return switch (random.nextInt(9)) {
      case 0 -> pattern + "{a,b";
      case 1 -> pattern + "}";
      case 2 -> pattern + "\\";
      case 3 -> pattern + "[c-a]";
      case 4 -> pattern + "/..";
      case 5 -> "/" + pattern;
      case 6 -> pattern + "/[ab";
      case 7 -> pattern + "[]";
      default -> "{" + pattern.replace("{", "\\{").replace("}", "\\}") + ",/x}";
    };
  }

  boolean chance(int inHundred) {
    return random.nextInt(100) < inHundred;
  }

  private <T> T pick(List<T> from) {
    return from.get(random.nextInt(from.size()));
  }
}
