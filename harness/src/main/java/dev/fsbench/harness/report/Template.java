package dev.fsbench.harness.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A report's prose, kept as a text resource beside this class with {@code ${name}} placeholders, so
 * that the words can be read and edited as words. Every placeholder must be given and every value
 * given must be used: a template and its code that drift apart fail at the first rendering, not in
 * a report.
 */
final class Template {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{(\\w+)}");

  private Template() {}

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
    java.util.Set<String> used = new java.util.HashSet<>();
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
}
