package dev.fsbench.harness.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where and with what a run was measured: everything a reader needs to judge whether two runs are
 * comparable. Filled in by {@link EnvironmentProbe}; a fact that could not be found is {@code null}
 * (never a guess).
 *
 * @param jdk the JVM running the benchmarks (the forks use the same)
 * @param os operating system and kernel
 * @param cpu processor model and the cores this JVM may use
 * @param memoryBytes physical memory, or {@code null} when the JVM cannot tell
 * @param sandbox where the fixtures lived: it matters more than any backend (tmpfs against a disk
 *     is 10x)
 * @param git the source tree the jar was run from
 * @param dependencies library versions the jar was built with: jmh, jna, commons-io, jackson,
 *     picocli, fsbench
 * @param backends every backend on the class path, measured or not, with its reproducibility
 *     details
 * @param outsideJars the jars given with {@code --classpath} or {@code FSBENCH_CLASSPATH}, whose
 *     backends are not part of this build; empty when there are none
 * @param floors every floor the backends' providers offer, run or not; {@code null} (absent from
 *     run.json) when none is offered
 */
public record Environment(
    Jdk jdk,
    Os os,
    Cpu cpu,
    Long memoryBytes,
    Sandbox sandbox,
    Git git,
    Map<String, String> dependencies,
    List<BackendInfo> backends,
    List<OutsideJar> outsideJars,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<FloorInfo> floors) {

  public Environment {
    Objects.requireNonNull(jdk, "jdk");
    Objects.requireNonNull(os, "os");
    Objects.requireNonNull(cpu, "cpu");
    Objects.requireNonNull(sandbox, "sandbox");
    Objects.requireNonNull(git, "git");
    dependencies = Map.copyOf(dependencies);
    backends = List.copyOf(backends);
    outsideJars = List.copyOf(outsideJars);
    floors = floors == null || floors.isEmpty() ? null : List.copyOf(floors);
  }

  /**
   * The JVM: {@code java.vendor}, {@code java.version}, {@code java.vm.name}, {@code
   * java.vm.version}.
   */
  public record Jdk(String vendor, String version, String vmName, String vmVersion) {}

  /**
   * @param name {@code os.name}
   * @param arch {@code os.arch}
   * @param kernel the kernel release ({@code os.version}, which on Linux is {@code uname -r})
   * @param distribution PRETTY_NAME of /etc/os-release, or {@code null}
   */
  public record Os(String name, String arch, String kernel, String distribution) {}

  /**
   * @param model "model name" of /proc/cpuinfo, or {@code null}
   * @param cores {@link Runtime#availableProcessors()}
   */
  public record Cpu(String model, int cores) {}

  /**
   * @param root the directory given with {@code --root} (or the system temp dir)
   * @param path the sandbox the runner created inside it (removed at the end)
   * @param fileSystemType {@code FileStore.type()}: tmpfs, ext4, ...
   */
  public record Sandbox(String root, String path, String fileSystemType) {}

  /**
   * @param commit HEAD, or {@code null} outside a git work tree
   * @param dirty whether tracked or untracked files differ from HEAD (the results folder excluded),
   *     or {@code null}
   * @param note why commit or dirty is unknown, {@code null} when both are known
   */
  public record Git(String commit, Boolean dirty, String note) {}

  /**
   * One backend on the class path.
   *
   * @param id backend id
   * @param description what it is built on
   * @param available whether it could be created here
   * @param reason why not, or "available"
   * @param details the provider's reproducibility facts (library version, sha256 of a native
   *     library)
   * @param capabilities what it supports, empty when unavailable
   */
  public record BackendInfo(
      String id,
      String description,
      boolean available,
      String reason,
      Map<String, String> details,
      List<String> capabilities) {
    public BackendInfo {
      Objects.requireNonNull(id, "id");
      details = Map.copyOf(details);
      capabilities = List.copyOf(capabilities);
    }
  }

  /**
   * One floor a provider offers (see {@link dev.fsbench.spi.Floor}).
   *
   * @param id floor id, the label of its results
   * @param description what does the work and how it is timed
   * @param timing {@code native-loop} or {@code process}
   * @param available whether it could run here
   * @param reason why not, or "available"
   * @param families the families it runs
   * @param details its reproducibility facts (a tool's path and version)
   */
  public record FloorInfo(
      String id,
      String description,
      String timing,
      boolean available,
      String reason,
      List<String> families,
      Map<String, String> details) {
    public FloorInfo {
      Objects.requireNonNull(id, "id");
      families = List.copyOf(families);
      details = Map.copyOf(details);
    }
  }

  /**
   * A jar from outside the build that added backends: what a reader needs to get the same bytes.
   *
   * @param file its file name
   * @param path its absolute path on the machine that ran
   * @param bytes its size
   * @param sha256 the SHA-256 of its content, lower-case hex
   * @param backends the ids of the backends it provides, sorted
   */
  public record OutsideJar(
      String file, String path, long bytes, String sha256, List<String> backends) {
    public OutsideJar {
      Objects.requireNonNull(file, "file");
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(sha256, "sha256");
      backends = List.copyOf(backends);
    }
  }
}
