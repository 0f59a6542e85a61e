package dev.fsbench.harness.cli;

import dev.fsbench.harness.results.ResultsFolder;
import dev.fsbench.harness.results.RunJson;
import dev.fsbench.harness.results.RunRecord;
import dev.fsbench.harness.results.SampleFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.zip.GZIPOutputStream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code fsbench compact RUN...}: converts results folders written with the samples inside run.json
 * (schema version 2) to the compact form (version 3: {@code samples.jsonl.gz} beside a run.json of
 * summaries, {@code jmh.json.gz}).
 *
 * <p>Nothing is recomputed: the summaries are the ones the run was written with. The conversion is
 * written into a scratch folder inside RUN first and read back; only when it reads as the very
 * record the old form held does it replace the old files, so an interrupted or failed conversion
 * leaves the folder as it was (at worst with the scratch folder, which the next attempt replaces).
 */
@Command(
    name = "compact",
    mixinStandardHelpOptions = true,
    description = {
      "Converts results folders to the compact form: run.json keeps the summaries, samples.jsonl.gz the raw"
          + " samples (gzipped JSON lines), jmh.json.gz JMH's own output. Every figure stays as it was; the"
          + " conversion is read back and compared with the original before it replaces anything.",
      "A folder already compact is left alone."
    })
final class CompactCommand implements Callable<Integer> {
  static final String SCRATCH = ".fsbench-compact";
  private static final String OLD_JMH_FILE = "jmh.json";

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "RUN", description = "Results folders.")
  List<Path> runs;

  @Override
  public Integer call() throws IOException {
    for (Path folder : runs) {
      if (!Files.isDirectory(folder)) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), folder + " is not a results folder");
      }
      spec.commandLine().getOut().println(compact(folder));
    }
    return 0;
  }

  /** Converts one folder; returns what it did, in a line. */
  static String compact(Path folder) throws IOException {
    Path runJson = folder.resolve(RunJson.FILE_NAME);
    long before = Files.size(runJson);
    RunRecord original = RunJson.read(folder);
    boolean wasInline = original.schemaVersion() < RunRecord.SCHEMA_VERSION;
    if (wasInline) {
      Path scratch = folder.resolve(SCRATCH);
      removeScratch(scratch);
      Files.createDirectory(scratch);
      RunJson.write(original, scratch.resolve(RunJson.FILE_NAME));
      RunRecord converted = RunJson.read(scratch);
      if (!converted.sameRunAs(original)) {
        throw new IOException(
            folder + ": the compact form does not read back as the original; nothing replaced");
      }
      Files.move(
          scratch.resolve(SampleFile.FILE_NAME),
          folder.resolve(SampleFile.FILE_NAME),
          StandardCopyOption.ATOMIC_MOVE);
      Files.move(
          scratch.resolve(RunJson.FILE_NAME),
          runJson,
          StandardCopyOption.ATOMIC_MOVE,
          StandardCopyOption.REPLACE_EXISTING);
      Files.delete(scratch);
    }
    Path jmh = folder.resolve(OLD_JMH_FILE);
    boolean gzippedJmh = Files.exists(jmh);
    if (gzippedJmh) {
      gzip(jmh, folder.resolve(ResultsFolder.JMH_FILE));
    }
    if (!wasInline && !gzippedJmh) {
      return folder + ": already compact";
    }
    return folder
        + ": run.json "
        + before
        + " -> "
        + Files.size(runJson)
        + " bytes, "
        + SampleFile.FILE_NAME
        + " "
        + Files.size(folder.resolve(SampleFile.FILE_NAME))
        + " bytes"
        + (gzippedJmh ? ", " + OLD_JMH_FILE + " gzipped" : "");
  }

  /** {@code from} gzipped into {@code to} (through a temporary file), then {@code from} removed. */
  private static void gzip(Path from, Path to) throws IOException {
    Path tmp = to.resolveSibling(to.getFileName() + ".tmp");
    try (InputStream in = Files.newInputStream(from);
        OutputStream out = new GZIPOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
      in.transferTo(out);
    }
    Files.move(tmp, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    Files.delete(from);
  }

  /** The scratch folder a failed conversion left: only our own files, nothing else. */
  private static void removeScratch(Path scratch) throws IOException {
    if (!Files.isDirectory(scratch, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    for (String name :
        List.of(
            RunJson.FILE_NAME,
            RunJson.FILE_NAME + ".tmp",
            SampleFile.FILE_NAME,
            SampleFile.FILE_NAME + ".tmp")) {
      Files.deleteIfExists(scratch.resolve(name));
    }
    Files.delete(scratch); // fails, naming it, if anything else is in there
  }
}
