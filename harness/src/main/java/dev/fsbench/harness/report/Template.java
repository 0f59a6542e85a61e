package dev.fsbench.harness.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A report's prose, kept as text resources beside this class with {@code ${name}} placeholders, so
 * that the words can be read and edited as words: REPORT.md's method ({@code method.md}, with the
 * clauses {@code method-*.md} that depend on the run's settings), the floors' explanation, the
 * trees' and the scaling section's introductions and the cells not run. Every placeholder must be
 * given and every value given must be used: a template and its code that drift apart fail at the
 * first rendering, not in a report.
 */
final class Template {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{(\\w+)}");

  private Template() {}

  /** The resource {@code resource} with its placeholders filled from {@code values}, verbatim. */
  static String render(String resource, Map<String, String> values) {
    String text;
    try (InputStream in = Template.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("no template " + resource + " beside " + Template.class);
      }
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Matcher m = PLACEHOLDER.matcher(text);
    StringBuilder out = new StringBuilder();
    Set<String> used = new HashSet<>();
    while (m.find()) {
      String value = values.get(m.group(1));
      if (value == null) {
        throw new IllegalStateException(resource + " needs a value for ${" + m.group(1) + "}");
      }
      used.add(m.group(1));
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    m.appendTail(out);
    if (!used.containsAll(values.keySet())) {
      throw new IllegalStateException(
          resource
              + " has no place for "
              + values.keySet().stream().filter(k -> !used.contains(k)).toList());
    }
    return out.toString();
  }

  /** The prose of {@code resource}, which has no placeholders. */
  static String render(String resource) {
    return render(resource, Map.of());
  }

  /**
   * A sentence or clause that goes inside a line of another template: the resource as {@link
   * #render} gives it, without the line break that ends its file.
   */
  static String inline(String resource, Map<String, String> values) {
    String text = render(resource, values);
    if (!text.endsWith("\n")) {
      throw new IllegalStateException(resource + " must end with one line break");
    }
    return text.substring(0, text.length() - 1);
  }

  /** As {@link #inline(String, Map)}, for a resource without placeholders. */
  static String inline(String resource) {
    return inline(resource, Map.of());
  }
}
