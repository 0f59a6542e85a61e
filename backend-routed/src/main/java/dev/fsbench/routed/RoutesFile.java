package dev.fsbench.routed;

import dev.fsbench.spi.Op;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A routes file as routed reads it (its format: backend-routed/README.md): the backend chosen for
 * each family, and where the evidence came from. Only what routing needs is read; the evidence
 * {@code fsbench recommend} writes beside each choice (ratio, interval, cells, runner-up) is for
 * people.
 *
 * @param name what messages call the file
 * @param sha256 of its bytes, so that a result names the very routes it ran with
 * @param source the run the routes were chosen from
 * @param families the choice for every family
 */
record RoutesFile(String name, String sha256, Source source, Map<Op, Choice> families) {

  /** The format this code reads; a file of another is refused, never half understood. */
  static final String FORMAT = "fsbench-routes-1";

  /** The backend this one is: a routes file cannot send a family back to it. */
  static final String SELF = "routed";

  /** A backend id as the SPI allows it: lower case, digits and dashes. */
  private static final Pattern ID = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

  RoutesFile {
    families = Collections.unmodifiableMap(new EnumMap<>(families));
  }

  /**
   * One family's route.
   *
   * @param backend the id of the backend that does the work
   * @param concurrency the tree concurrency it was measured at ({@code native-c1}), 0 for its own
   *     default
   */
  record Choice(String backend, int concurrency) {}

  /**
   * The run the routes come from.
   *
   * @param run its results folder's name
   * @param commit its git commit, or {@code null}
   * @param jdk the forks' JDK as a reader reads it ({@code 17.0.15 (Debian)}), or {@code null}
   * @param jdkMajor its feature release, or {@code null} when unknown
   * @param fileSystemType the sandbox's filesystem ({@code tmpfs}), or {@code null}
   * @param regime {@code steady} or {@code first-use}
   * @param mode {@code sync} or {@code async}
   * @param backends every backend that run had on its class path: a route may name only these
   */
  record Source(
      String run,
      String commit,
      String jdk,
      Integer jdkMajor,
      String fileSystemType,
      String regime,
      String mode,
      Set<String> backends) {}

  /** Reads and checks the routes at {@code source}. */
  static RoutesFile read(RoutesSource source) throws RoutesException {
    byte[] bytes = source.read();
    Object document;
    try {
      document = JsonTree.parse(bytes);
    } catch (IOException e) {
      throw new RoutesException(source.name(), "not valid JSON: " + e.getMessage(), e);
    }
    Node root = new Node(source.name(), "", document);
    String format = root.field("format").string();
    if (!FORMAT.equals(format)) {
      throw new RoutesException(
          source.name(), "format '" + format + "', where this routed reads '" + FORMAT + "'");
    }
    Source from = source(root.field("source"));
    return new RoutesFile(
        source.name(), sha256(bytes), from, families(root.field("families"), from));
  }

  private static Source source(Node node) throws RoutesException {
    Node jdk = node.field("jdk");
    String version = jdk.field("version").stringOrNull();
    String vendor = jdk.field("vendor").stringOrNull();
    Set<String> backends = new LinkedHashSet<>();
    for (Node b : node.field("backends").elements()) {
      backends.add(b.string());
    }
    return new Source(
        node.field("run").string(),
        node.field("commit").stringOrNull(),
        version == null ? null : version + (vendor == null ? "" : " (" + vendor + ")"),
        jdk.field("major").integerOrNull(),
        node.field("fileSystemType").stringOrNull(),
        node.field("regime").string(),
        node.field("mode").string(),
        backends);
  }

  private static Map<Op, Choice> families(Node node, Source from) throws RoutesException {
    Map<Op, Choice> out = new EnumMap<>(Op.class);
    for (Map.Entry<String, Node> e : node.fields().entrySet()) {
      Op op =
          Arrays.stream(Op.values())
              .filter(o -> o.family().equals(e.getKey()))
              .findFirst()
              .orElseThrow(
                  () ->
                      node.refused(
                          "unknown family '"
                              + e.getKey()
                              + "'; the families are "
                              + Arrays.stream(Op.values())
                                  .map(Op::family)
                                  .collect(Collectors.joining(", "))));
      out.put(op, choice(e.getValue(), op, from));
    }
    List<String> missing =
        Arrays.stream(Op.values()).filter(o -> !out.containsKey(o)).map(Op::family).toList();
    if (!missing.isEmpty()) {
      throw node.refused("no route for " + String.join(", ", missing));
    }
    return out;
  }

  private static Choice choice(Node node, Op op, Source from) throws RoutesException {
    String backend = node.field("backend").string();
    if (backend.equals(SELF)) {
      throw node.refused("routes " + op.family() + " to routed itself");
    }
    if (!ID.matcher(backend).matches()
        || !(backend.equals("nio") || from.backends().contains(backend))) {
      throw node.refused(
          "unknown backend '"
              + backend
              + "' for "
              + op.family()
              + ": not among the backends of the run the routes come from ("
              + String.join(", ", from.backends())
              + ")");
    }
    Node concurrency = node.optionalField("concurrency");
    int c = concurrency == null ? 0 : concurrency.integer();
    if (c < 0) {
      throw concurrency.refused("a concurrency of 0 (the backend's default) or more, not " + c);
    }
    if (c > 0 && !op.isTree()) {
      throw concurrency.refused(
          "a concurrency for " + op.family() + ", which is not a tree family");
    }
    return new Choice(backend, c);
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
