package dev.fsbench.routed;

import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Routes files for the tests, in the format {@code fsbench recommend} writes: every family on nio
 * unless routed elsewhere, measured on this JVM's JDK major and on {@code tmpfs}, from a run that
 * had nio, commons-io, native, native-ffm and the tests' own providers.
 */
final class TestRoutes {
  private final Map<Op, String> backends = new EnumMap<>(Op.class);
  private final Map<Op, Integer> concurrency = new EnumMap<>(Op.class);
  private String format = RoutesFile.FORMAT;
  private String jdkMajor = Integer.toString(Runtime.version().feature());
  private String fileSystemType = "tmpfs";

  static final List<String> RUN_BACKENDS =
      List.of(
          "nio",
          "commons-io",
          "native",
          "native-ffm",
          RecordingProvider.ID,
          UnavailableProvider.ID,
          "gone-here");

  TestRoutes() {
    for (Op op : Op.values()) {
      backends.put(op, "nio");
    }
  }

  TestRoutes route(Op op, String backend) {
    backends.put(op, backend);
    return this;
  }

  TestRoutes route(Op op, String backend, int treeConcurrency) {
    backends.put(op, backend);
    concurrency.put(op, treeConcurrency);
    return this;
  }

  TestRoutes format(String value) {
    format = value;
    return this;
  }

  TestRoutes jdkMajor(int value) {
    jdkMajor = Integer.toString(value);
    return this;
  }

  TestRoutes fileSystemType(String value) {
    fileSystemType = value;
    return this;
  }

  /** The routes file's text; {@code extraFamily} adds a member to "families" as it is given. */
  String json(String extraFamily) {
    String families =
        backends.entrySet().stream()
            .map(
                e ->
                    "    \""
                        + e.getKey().family()
                        + "\": {\"backend\": \""
                        + e.getValue()
                        + "\""
                        + (concurrency.containsKey(e.getKey())
                            ? ", \"concurrency\": " + concurrency.get(e.getKey())
                            : "")
                        + ", \"ratio\": null, \"low\": null, \"high\": null, \"cells\": []}")
            .collect(Collectors.joining(",\n"));
    return "{\n"
        + "  \"format\": \""
        + format
        + "\",\n"
        + "  \"source\": {\n"
        + "    \"run\": \"2026-12-05-test\", \"commit\": \"0123abc\", \"dirty\": false,\n"
        + "    \"jdk\": {\"vendor\": \"Test\", \"version\": \"17.0.15\", \"major\": "
        + jdkMajor
        + "},\n"
        + "    \"machine\": {\"cpu\": \"Test CPU\", \"cores\": 2, \"os\": \"Linux amd64\","
        + " \"kernel\": \"6.1\"},\n"
        + "    \"fileSystemType\": \""
        + fileSystemType
        + "\", \"regime\": \"steady\", \"mode\": \"sync\",\n"
        + "    \"backends\": ["
        + RUN_BACKENDS.stream().map(b -> "\"" + b + "\"").collect(Collectors.joining(", "))
        + "]\n"
        + "  },\n"
        + "  \"families\": {\n"
        + families
        + (extraFamily == null ? "" : ",\n    " + extraFamily)
        + "\n  }\n"
        + "}\n";
  }

  String json() {
    return json(null);
  }

  /** Writes {@link #json()} to {@code dir/name} and returns the file. */
  Path write(Path dir, String name) throws IOException {
    return Files.writeString(dir.resolve(name), json(), StandardCharsets.UTF_8);
  }

  /** A provider of these routes, read from a file that is removed once they are read. */
  RoutedProvider provider() throws IOException {
    Path dir = Files.createTempDirectory("fsbench-routes-");
    try {
      RoutedProvider provider = new RoutedProvider(RoutesSource.file(write(dir, "routes.json")));
      provider.availability(); // reads them
      return provider;
    } finally {
      Files.deleteIfExists(dir.resolve("routes.json"));
      Files.delete(dir);
    }
  }
}
