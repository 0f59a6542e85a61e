package dev.fsbench.conformance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The glob reference, bash, invoked exactly as {@code docs/semantics/glob.md} says: {@code
 * LC_ALL=C.UTF-8 bash --norc --noprofile -O globstar -O nullglob [-O dotglob] -s}, the script on
 * standard input, one loop per pattern:
 *
 * <pre>
 * for w in WORD; do [[ -e $w || -L $w ]] &amp;&amp; printf '%s\0' "$w"; done; printf '\0'
 * </pre>
 *
 * WORD is the pattern with each character that means something to the shell but not to glob behind
 * a backslash ({@link #word}); the loop prints what the word expands to, and a word without glob
 * characters only if it names an entry (bash would print it whether or not it does). Its results
 * become fsbench's by {@link #normalize}: empty and {@code .} components dropped, the working
 * directory itself dropped, each path once; without {@code includeDirectories}, the directories
 * (links are not) are dropped too.
 *
 * <pre>{@code
 * List<Set<String>> results = BashGlob.globAll(cwd, List.of(List.of("**}{@code /*.js"), List.of("src/*")), false, true);
 * }</pre>
 */
public final class BashGlob {
  private BashGlob() {}

  /** Characters passed to bash as they are: glob syntax, and what the shell gives no meaning. */
  private static final String PLAIN =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/*?[]{},!^+:=@%";

  /**
   * What each query's patterns expand to in {@code cwd}, one bash process for all of them.
   *
   * @param queries each the patterns of one fsbench call (their results are united)
   * @throws IOException if bash fails or says anything on standard error
   */
  public static List<Set<String>> globAll(
      Path cwd, List<List<String>> queries, boolean dot, boolean includeDirectories)
      throws IOException {
    StringBuilder script = new StringBuilder();
    for (List<String> patterns : queries) {
      for (String pattern : patterns) {
        script
            .append("for w in ")
            .append(word(pattern))
            .append("; do [[ -e $w || -L $w ]] && printf '%s\\0' \"$w\"; done\n");
      }
      script.append("printf '\\0'\n"); // an empty record: this query's results end here
    }
    List<String> command =
        new ArrayList<>(
            List.of(
                Tools.require("bash").toString(),
                "--norc",
                "--noprofile",
                "-O",
                "globstar",
                "-O",
                "nullglob"));
    if (dot) {
      command.addAll(List.of("-O", "dotglob"));
    }
    command.add("-s");
    byte[] out = Tools.run(cwd, command, script.toString().getBytes(StandardCharsets.UTF_8));
    List<Set<String>> results = new ArrayList<>();
    Set<String> current = new TreeSet<>();
    for (String record : new String(out, StandardCharsets.UTF_8).split("\0", -1)) {
      if (record.isEmpty()) {
        if (results.size() < queries.size()) {
          results.add(withoutDirectories(cwd, current, includeDirectories));
          current = new TreeSet<>();
        }
        continue;
      }
      String path = normalize(record);
      if (!path.isEmpty()) {
        current.add(path);
      }
    }
    if (results.size() != queries.size()) {
      throw new IOException(
          "bash gave " + results.size() + " results for " + queries.size() + " queries");
    }
    return results;
  }

  /** One query: the patterns of one call. */
  public static Set<String> glob(
      Path cwd, List<String> patterns, boolean dot, boolean includeDirectories) throws IOException {
    return globAll(cwd, List.of(patterns), dot, includeDirectories).get(0);
  }

  /**
   * {@code pattern} as a shell word that bash expands as the glob pattern it is: glob syntax and
   * escapes as they are, a newline as {@code $'\n'}, any other character that is not {@link #PLAIN}
   * (and not ASCII: letters of any script pass) behind a backslash.
   */
  static String word(String pattern) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '\\' && i + 1 < pattern.length() && pattern.charAt(i + 1) != '\n') {
        out.append(c).append(pattern.charAt(++i));
      } else if (c == '\n') {
        out.append("$'\\n'");
      } else if (c > 127 || PLAIN.indexOf(c) >= 0) {
        out.append(c);
      } else {
        out.append('\\').append(c);
      }
    }
    return out.toString();
  }

  /** A word bash printed as an fsbench result: components joined by one '/', no '.' ones. */
  static String normalize(String printed) {
    StringBuilder out = new StringBuilder();
    for (String component : printed.split("/")) {
      if (component.isEmpty() || component.equals(".")) {
        continue;
      }
      if (out.length() > 0) {
        out.append('/');
      }
      out.append(component);
    }
    return out.toString();
  }

  /**
   * {@code paths} (below {@code cwd}) without the directories among them, unless {@code
   * includeDirectories}; a link is not a directory.
   */
  static Set<String> withoutDirectories(Path cwd, Set<String> paths, boolean includeDirectories) {
    if (includeDirectories) {
      return paths;
    }
    Set<String> out = new TreeSet<>();
    for (String path : paths) {
      if (!Files.isDirectory(cwd.resolve(path), LinkOption.NOFOLLOW_LINKS)) {
        out.add(path);
      }
    }
    return out;
  }
}
