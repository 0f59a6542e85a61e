package dev.fsbench.hostile;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One hostile input: how it is arranged, which families it is given, and, where NIO is no oracle
 * for a family, the declared {@link Expectation} with its reason. Built fluently:
 *
 * <pre>{@code
 * Input.of("fifo", "FIFOs", (dir, work) -> Builders.fifo(work.resolve("fifo")))
 *     .peer(Family.READ_FILE, FifoPeer.Direction.WRITER)
 *     .declare(Family.CP_FROM, Expectation.failsNamed("a special file is refused"));
 * }</pre>
 */
final class Input {

  /** Puts the input into a prepared case directory and returns the hostile path. */
  interface Arrange {
    Path in(Path dir, Path work) throws Exception;
  }

  /** One step of a concurrent mutation, repeated on its own thread while the call runs. */
  interface Mutator {
    void step(Path work, java.util.Random random) throws Exception;
  }

  final String id;
  final String kind;
  final Arrange arrange;
  private final List<Family> families = new ArrayList<>(Family.all());
  private final Map<Family, Expectation> declared = new EnumMap<>(Family.class);
  private final Map<Family, FifoPeer.Direction> peers = new EnumMap<>(Family.class);
  private boolean inWorkingDirectory;
  private boolean shared;
  private int deadlineSeconds = 10;
  private Mutator mutator;
  private int repeat = 1;

  private Input(String id, String kind, Arrange arrange) {
    this.id = id;
    this.kind = kind;
    this.arrange = arrange;
  }

  /**
   * An input with every family, NIO as the oracle of each.
   *
   * @param kind the kind of hostile input (the report groups by it)
   */
  static Input of(String id, String kind, Arrange arrange) {
    return new Input(id, kind, arrange);
  }

  Input only(List<Family> which) {
    families.retainAll(which);
    return this;
  }

  Input without(Family... which) {
    families.removeAll(List.of(which));
    return this;
  }

  Input declare(Family family, Expectation expectation) {
    declared.put(family, expectation);
    return this;
  }

  Input declareAll(Expectation expectation) {
    for (Family f : families) {
      declared.put(f, expectation);
    }
    return this;
  }

  Input peer(Family family, FifoPeer.Direction direction) {
    peers.put(family, direction);
    return this;
  }

  /**
   * The input is a path relative to the child JVM's working directory: the case directory is the
   * working directory's parent, and every fixture of the input is arranged there in turn.
   */
  Input relativeToWorkingDirectory() {
    inWorkingDirectory = true;
    return this;
  }

  /**
   * Arranged once and shared by the families that only read it (and by cp, whose copy is removed
   * after each call); no manifests of it are taken (too large to take twice per call), and NIO's
   * call runs on it too, not on a twin.
   */
  Input shared() {
    shared = true;
    return this;
  }

  /** While each call runs, {@code mutator} changes the fixture from another thread. */
  Input during(Mutator value) {
    mutator = value;
    return this;
  }

  /** Each mode calls this many times, each on a fresh fixture; the first failure is reported. */
  Input repeat(int times) {
    repeat = times;
    return this;
  }

  Mutator mutator() {
    return mutator;
  }

  int repeats() {
    return repeat;
  }

  Input deadline(int seconds) {
    deadlineSeconds = seconds;
    return this;
  }

  List<Family> families() {
    return families;
  }

  Expectation expectation(Family family) {
    return declared.getOrDefault(family, Expectation.NIO);
  }

  FifoPeer.Direction peer(Family family) {
    return peers.get(family);
  }

  boolean isInWorkingDirectory() {
    return inWorkingDirectory;
  }

  boolean isShared() {
    return shared;
  }

  int deadlineSeconds() {
    return deadlineSeconds;
  }

  /** The case id of this input given {@code family}: {@code fifo/read-file}. */
  String caseId(Family family) {
    return id + "/" + family.id();
  }
}
