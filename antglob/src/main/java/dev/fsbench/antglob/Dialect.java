package dev.fsbench.antglob;

/**
 * One scanner's reading of Ant-style patterns, beyond what every such scanner shares: its name for
 * messages, and the patterns it would read otherwise than Ant does.
 *
 * <pre>{@code
 * Dialect plexus = new Dialect() {
 *   public String scanner() { return "Plexus's DirectoryScanner"; }
 *   public Refusal refusal(String pattern) {
 *     return SelectorUtils.isRegexPrefixedPattern(pattern)
 *         ? new Refusal("handlers", "it reads %regex[...] as a regular expression") : null;
 *   }
 * };
 * }</pre>
 */
public interface Dialect {

  /** The scanner, as a refusal names it: {@code "Ant's DirectoryScanner"}. */
  String scanner();

  /**
   * Why this scanner would read {@code antPattern} (one include as {@link AntPatterns} wrote it)
   * otherwise than Ant's rules say, or null if it reads it as Ant does.
   */
  default Refusal refusal(String antPattern) {
    return null;
  }

  /**
   * Whether the scanner lists a link to nothing that a pattern matches ({@link
   * dev.fsbench.spi.Capability#GLOB_DANGLING_LINKS}); a scanner that keeps only what {@code
   * java.io.File} calls a file or a directory does not.
   */
  default boolean listsDanglingLinks() {
    return true;
  }

  /**
   * A pattern refused.
   *
   * @param deviation the declared deviation, an id of {@code conformance/glob.tsv}'s peer columns
   * @param why what the scanner would do with it
   */
  record Refusal(String deviation, String why) {}
}
