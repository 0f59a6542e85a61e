package dev.fsbench.testkit;

import dev.fsbench.testkit.PermissionCases.Outcome;
import dev.fsbench.testkit.PermissionCases.PermissionCase;
import java.io.PrintStream;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The child JVM of the permission cases, started by {@link PermissionRun} without capabilities:
 * {@code PermissionChild <contract class> <root> <case indexes>}. It creates the backend as the
 * contract does, runs the acts of the given cases on the fixtures the parent arranged under {@code
 * root}, and prints one line per case and mode; the parent asserts. Anything else it prints goes to
 * stderr.
 *
 * <p>Line format: {@code outcome <key> value <v>} or {@code outcome <key> threw <class> <file>
 * <other> <reason>}, every field URL-encoded, {@code %00} for null.
 */
final class PermissionChild {
  private PermissionChild() {}

  private static final String NULL = "%00";

  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println(
          "usage: PermissionChild <contract class> <root> <comma-separated case indexes>");
      System.exit(2);
    }
    PrintStream out = System.out;
    System.setOut(System.err); // only outcome lines on stdout
    // A contract subclass is often package-private, as JUnit allows: reach its no-arg constructor
    // anyway.
    java.lang.reflect.Constructor<?> constructor = Class.forName(args[0]).getDeclaredConstructor();
    constructor.setAccessible(true);
    BackendContract contract = (BackendContract) constructor.newInstance();
    contract.open();
    try {
      Path root = Paths.get(args[1]);
      List<PermissionCase> cases = PermissionCases.all();
      for (String index : args[2].split(",")) {
        int i = Integer.parseInt(index);
        for (Calls.Mode mode : Calls.Mode.values()) {
          String key = PermissionRun.key(i, mode);
          Outcome outcome =
              PermissionCases.act(
                  cases.get(i), new Calls(contract.backend(), mode), root.resolve(key));
          out.println(format(key, outcome));
        }
      }
      out.flush();
    } finally {
      contract.close();
    }
  }

  static String format(String key, Outcome outcome) {
    if (outcome.failure() == null) {
      return "outcome " + key + " value " + encode(outcome.value());
    }
    Failure.Observed f = outcome.failure();
    return "outcome "
        + key
        + " threw "
        + encode(f.type().getName())
        + " "
        + encode(f.file())
        + " "
        + encode(f.other())
        + " "
        + encode(f.reason());
  }

  static Map<String, Outcome> parse(List<String> lines) {
    Map<String, Outcome> out = new HashMap<>();
    for (String line : lines) {
      String[] f = line.split(" ");
      if (f.length < 2 || !f[0].equals("outcome")) {
        continue;
      }
      if (f[2].equals("value")) {
        out.put(f[1], new Outcome(null, decode(f[3])));
      } else {
        Class<?> type;
        try {
          type = Class.forName(decode(f[3]));
        } catch (ClassNotFoundException e) {
          throw new AssertionError("the child reported an unknown exception class: " + line, e);
        }
        out.put(
            f[1],
            new Outcome(
                new Failure.Observed(type, decode(f[4]), decode(f[5]), decode(f[6])), null));
      }
    }
    return out;
  }

  private static String encode(String value) {
    return value == null ? NULL : URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  private static String decode(String value) {
    return value.equals(NULL) ? null : URLDecoder.decode(value, StandardCharsets.UTF_8);
  }
}
