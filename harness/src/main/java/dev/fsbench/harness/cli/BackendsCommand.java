package dev.fsbench.harness.cli;

import dev.fsbench.harness.run.BackendCatalog;
import dev.fsbench.spi.Op;
import dev.fsbench.spi.Route;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code fsbench backends}: what ServiceLoader finds, and how each backend serves each family. */
@Command(
    name = "backends",
    mixinStandardHelpOptions = true,
    description =
        "Lists every backend on the class path (and in the jars of fsbench --classpath): availability (with the"
            + " reason when unavailable), description, the jar it comes from when it is an outside one,"
            + " capabilities, reproducibility details and the route of each family (own, or nio fallback);"
            + " then the floors the providers offer beside their backends.")
final class BackendsCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Fsbench fsbench;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    BackendCatalog catalog = BackendCatalog.load();
    if (catalog.all().isEmpty()) {
      out.println("no backend on the class path");
      return Fsbench.FAILED;
    }
    for (BackendCatalog.Probe p : catalog.all()) {
      // an available backend's reason is "available", or says what to know (routed's warnings)
      out.println(p.id() + "  " + (p.available() ? p.reason() : "UNAVAILABLE: " + p.reason()));
      out.println("  description:  " + p.description());
      fsbench
          .outsideJarOf(p.id())
          .ifPresent(
              jar ->
                  out.println("  jar:          " + jar.path() + " (sha256 " + jar.sha256() + ")"));
      if (!p.details().isEmpty()) {
        out.println(
            "  details:      "
                + p.details().entrySet().stream()
                    .sorted(Map.Entry.comparingByKey())
                    .map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(", ")));
      }
      if (p.available()) {
        out.println(
            "  capabilities: "
                + p.capabilities().stream()
                    .map(Enum::name)
                    .sorted()
                    .collect(Collectors.joining(", ")));
        out.println("  routes:");
        for (Op op : Op.values()) {
          Route r = p.routes().get(op);
          out.println(String.format("    %-11s %s", op.family(), r));
        }
      }
      out.println();
    }
    for (BackendCatalog.FloorProbe f : catalog.floors()) {
      out.println(
          "floor "
              + f.id()
              + "  "
              + (f.available() ? "available" : "UNAVAILABLE: " + f.reason())
              + (f.timing() == null ? "" : "  (" + f.timing().label() + " timing)"));
      out.println("  description:  " + f.description());
      if (!f.details().isEmpty()) {
        out.println(
            "  details:      "
                + f.details().entrySet().stream()
                    .sorted(Map.Entry.comparingByKey())
                    .map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(", ")));
      }
      out.println(
          "  families:     "
              + (f.families().size() == Op.values().length
                  ? "all"
                  : f.families().stream()
                      .map(Op::family)
                      .sorted()
                      .collect(Collectors.joining(", "))));
      out.println();
    }
    out.flush();
    return 0;
  }
}
