package dev.fsbench.bindingstudy;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.fsbench.nativefs.Binding;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Every row of a benchmark does the same work: each {@code @Benchmark} method of each class is
 * called once, through reflection so that none is left out, on every kind of name of the fixture,
 * and what it returns is checked against what the call must return. Where a row cannot do the same
 * work (the rows that encode a path's string, for a name that is not UTF-8), the test asserts the
 * difference, so that it is a documented fact and not a surprise.
 */
class SameWorkTest {
  private static final int ENOENT = 2;

  @TempDir Path tmp;

  private Fixture fixture;

  @BeforeEach
  void create() throws Exception {
    fixture = new Fixture();
    fixture.create(tmp);
  }

  @AfterEach
  void remove() throws Exception {
    Path dir = fixture.dir();
    fixture.remove();
    assertTrue(Files.notExists(dir), "the fixture removes its directory");
  }

  @Test
  void everyBindingReportsTheLibrarysAbiVersion() {
    Map<String, Object> rows = runAll(new EmptyCallBenchmark());
    expect(
        rows,
        Map.of(
            "javaMethod", Binding.ABI_VERSION,
            "jna", Binding.ABI_VERSION,
            "jnrFfi", Binding.ABI_VERSION,
            "ffm", Binding.ABI_VERSION,
            "ffmCritical", Binding.ABI_VERSION,
            "ffmHandleInField", Binding.ABI_VERSION));
  }

  @ParameterizedTest
  @ValueSource(strings = {"ascii", "utf8", "not-utf8", "missing"})
  void theBytesPassedAreTheFilesOwn(String name) {
    OnePath p = onePath(name);
    assertArrayEquals(withNul(exactBytes(name, 'a')), p.file.bytes);
  }

  @ParameterizedTest
  @ValueSource(strings = {"ascii", "utf8", "not-utf8", "missing"})
  void strlenSeesTheSameBytesThroughEveryBinding(String name) {
    OnePath p = onePath(name);
    long length = exactBytes(name, 'a').length;
    Map<String, Object> expected = new TreeMap<>();
    for (String row : new String[] {"jna", "jnrFfi", "ffmArena", "ffmReusedCopy", "ffmCritical"}) {
      expected.put(row, length);
    }
    // setString writes the string's UTF-8: for a name that is not UTF-8, the U+FFFD twin's bytes.
    expected.put("ffmReusedSetString", (long) twinBytes(name, 'a').length);
    expect(runAll(new PathArgumentBenchmark(), p), expected);
    if (name.equals("not-utf8")) {
      assertNotEquals(length, twinBytes(name, 'a').length);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"ascii", "utf8", "not-utf8", "missing"})
  void accessAnswersAlikeThroughEveryBinding(String name) {
    OnePath p = onePath(name);
    boolean exists = !name.equals("missing");
    int code = exists ? 0 : ENOENT;
    Map<String, Object> expected = new TreeMap<>();
    for (String row : new String[] {"jna", "jnrFfi", "ffmArena", "ffmReusedCopy", "ffmCritical"}) {
      expected.put(row, code);
    }
    expected.put("ffmReusedSetString", name.equals("not-utf8") ? ENOENT : code);
    expected.put("nioCheckAccess", exists ? null : new Thrown(NoSuchFileException.class));
    expected.put("nioExists", exists);
    expect(runAll(new AccessBenchmark(), p), expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"ascii", "utf8", "not-utf8", "missing"})
  void strcmpComparesTheSameBytesThroughEveryBinding(String name) {
    TwoPaths p = twoPaths(name);
    int sign = Integer.signum(JnaLibc.strcmp(p.a.bytes, p.b.bytes));
    assertEquals(-1, sign, "a sorts before b");
    Map<String, Object> rows = runAll(new TwoPathArgumentsBenchmark(), p);
    assertEquals(
        Map.of(
            "jna", sign,
            "ffmArena", sign,
            "ffmReusedCopy", sign,
            "ffmReusedSetString", sign,
            "ffmCritical", sign),
        signs(rows));
  }

  @ParameterizedTest
  @ValueSource(strings = {"ascii", "utf8", "not-utf8", "missing"})
  void renameOntoALinkChangesNothingThroughEveryBinding(String name) throws Exception {
    TwoPaths p = twoPaths(name);
    boolean exists = !name.equals("missing");
    int code = exists ? 0 : ENOENT;
    Map<String, Object> expected = new TreeMap<>();
    for (String row : new String[] {"jna", "ffmArena", "ffmReusedCopy", "ffmCritical"}) {
      expected.put(row, code);
    }
    expected.put("ffmReusedSetString", name.equals("not-utf8") ? ENOENT : code);
    expected.put("nioAtomicMove", exists ? p.b.path : new Thrown(NoSuchFileException.class));
    // Twice: a row that moved a away would make the second round fail.
    for (int round = 0; round < 2; round++) {
      expect(runAll(new RenameBenchmark(), p), expected);
    }
    if (exists) {
      assertTrue(Files.isSameFile(p.a.path, p.b.path), "both names remain, of one file");
      assertArrayEquals(Fixture.content(), Files.readAllBytes(p.a.path));
    } else {
      assertTrue(Files.notExists(p.a.path) && Files.notExists(p.b.path));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"ascii", "utf8", "not-utf8", "missing"})
  void everyBindingReadsTheSameContent(String name) {
    OnePath p = onePath(name);
    ReadFileBenchmark benchmark = new ReadFileBenchmark();
    benchmark.allocate();
    try {
      Object expected =
          name.equals("missing") ? new Thrown(IllegalStateException.class) : Fixture.content();
      Map<String, Object> rows = runAll(benchmark, p);
      Map<String, Object> all = new TreeMap<>();
      for (String row : rows.keySet()) {
        all.put(row, row.startsWith("nio") && name.equals("missing") ? missingNio() : expected);
      }
      assertEquals(
          Arrays.asList(
              "ffmArena",
              "ffmCritical",
              "ffmReusedCopy",
              "jna",
              "nioFileChannel",
              "nioReadAllBytes"),
          rows.keySet().stream().sorted().toList());
      expect(rows, all);
      if (name.equals("missing")) {
        Thrown thrown = (Thrown) rows.get("jna");
        assertEquals("fsb_read_file failed: " + ENOENT, thrown.message);
      }
    } finally {
      benchmark.release();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"ascii", "utf8", "not-utf8"})
  void encodingsGiveTheFilesBytesOrSayWhyNot(String name) {
    PathEncodingBenchmark benchmark = new PathEncodingBenchmark();
    benchmark.name = name;
    benchmark.open(fixture);
    byte[] exact = withNul(exactBytes(name, 'a'));
    byte[] twin = withNul(twinBytes(name, 'a'));
    // Encoding the string gives the name's bytes only when they are UTF-8.
    Map<String, Object> expected = new TreeMap<>();
    expected.put("pathBytesArgument", exact);
    expected.put("pathBytesFromUri", exact);
    expected.put("unixPathField", exact);
    expected.put("stringGetBytes", twin);
    expected.put("encoderIntoReusedArray", twin);
    expected.put("segmentSetString", twin);
    Map<String, Object> rows = runAll(benchmark);
    Map<String, Object> asBytes = new LinkedHashMap<>();
    rows.forEach((row, value) -> asBytes.put(row, upToNul(value)));
    expect(asBytes, expected);
    assertEquals(name.equals("not-utf8"), !Arrays.equals(exact, twin));
  }

  /**
   * The rare-call rows access the file a sample names, or make the bytes they pass: with the file
   * there every call succeeds; moved away, every call reports it missing (so none times a call that
   * does nothing); and the two encoding rows return the path's string and its bytes.
   */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void everyRareCallRowAccessesTheNamedFile(boolean exists) throws Exception {
    Path file = fixture.file("ascii", 'a');
    if (!exists) {
      Files.move(file, file.resolveSibling("moved-away"));
    }
    RareCallBenchmark benchmark = new RareCallBenchmark();
    benchmark.open(fixture);
    try {
      benchmark.name();
      Map<String, Object> expected = new TreeMap<>();
      for (String row : new String[] {"nio", "nativeBackend", "ffmBackend"}) {
        expected.put(row, exists ? null : missingNio());
      }
      for (String row :
          new String[] {
            "jnaPreEncoded", "ffmCriticalPreEncoded", "ffmPlainPreEncoded", "ffmPlainCopied"
          }) {
        expected.put(row, exists ? 0 : ENOENT);
      }
      expected.put("pathToString", file.toString());
      expected.put("pathBytes", withNul(exactBytes("ascii", 'a')));
      expect(runAll(benchmark), expected);
    } finally {
      benchmark.close();
    }
  }

  /**
   * Both reads of the critical-call study return the file's content, critical straight into the
   * heap array, plain through off-heap memory; the allocating rows allocate what they say.
   */
  @ParameterizedTest
  @ValueSource(ints = {4096, 65536})
  void bothReadsOfTheCriticalStudyReturnTheFile(int size) throws Throwable {
    CriticalGcBenchmark benchmark = new CriticalGcBenchmark();
    benchmark.size = size;
    benchmark.create(tmp);
    try {
      byte[] content = Fixture.content(size);
      SafepointWaits waits = new SafepointWaits();
      Map<String, Object> expected = new TreeMap<>();
      expected.put("critical", content);
      expected.put("plain", content);
      expected.put("allocateBesideCritical", new byte[CriticalGcBenchmark.ALLOCATION]);
      expected.put("allocateBesidePlain", new byte[CriticalGcBenchmark.ALLOCATION]);
      Map<String, Object> rows = new TreeMap<>();
      rows.put("critical", benchmark.critical(waits).clone());
      rows.put("plain", benchmark.plain(waits).clone());
      rows.put("allocateBesideCritical", benchmark.allocateBesideCritical());
      rows.put("allocateBesidePlain", benchmark.allocateBesidePlain());
      expect(rows, expected);
    } finally {
      benchmark.remove();
    }
  }

  /** A collection is a safepoint the JVM had to reach: JFR's record of it is counted. */
  @Test
  void safepointWaitsCountTheSafepointsOfAnIteration() throws Exception {
    SafepointWaits waits = new SafepointWaits();
    waits.start();
    System.gc();
    waits.stop();
    assertTrue(waits.safepoints >= 1, "safepoints: " + waits.safepoints);
    assertTrue(waits.slowestReachMicros <= waits.reachMicros, "the slowest is part of the total");
    assertTrue(waits.slowReaches <= waits.safepoints, "slow ones are some of them");
  }

  // ---------------------------------------------------------------- the fixture's names

  private OnePath onePath(String name) {
    OnePath p = new OnePath();
    p.name = name;
    p.open(fixture);
    return p;
  }

  private TwoPaths twoPaths(String name) {
    TwoPaths p = new TwoPaths();
    p.name = name;
    p.open(fixture);
    return p;
  }

  /** The bytes of the fixture's file, as the kernel has its name. */
  private byte[] exactBytes(String name, char which) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Path nested = fixture.dir().resolve("d0").resolve("nested");
    out.writeBytes((nested + "/").getBytes(StandardCharsets.US_ASCII));
    out.writeBytes(Fixture.nameBytes(name, which));
    return out.toByteArray();
  }

  /** The bytes of the name the file's printed form names (its U+FFFD twin for {@code not-utf8}). */
  private byte[] twinBytes(String name, char which) {
    return fixture.file(name, which).toString().getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] withNul(byte[] bytes) {
    return Arrays.copyOf(bytes, bytes.length + 1);
  }

  /** The bytes up to and with the first NUL, of an array or a segment. */
  private static Object upToNul(Object value) {
    if (value instanceof MemorySegment segment) {
      long n = 0;
      while (segment.get(JAVA_BYTE, n) != 0) {
        n++;
      }
      return segment.asSlice(0, n + 1).toArray(JAVA_BYTE);
    }
    byte[] bytes = (byte[]) value;
    int n = 0;
    while (bytes[n] != 0) {
      n++;
    }
    return Arrays.copyOf(bytes, n + 1);
  }

  private static Thrown missingNio() {
    return new Thrown(NoSuchFileException.class);
  }

  // ---------------------------------------------------------------- calling every row

  /** What a row threw instead of returning. */
  private record Thrown(Class<? extends Throwable> type, String message) {
    Thrown(Class<? extends Throwable> type) {
      this(type, null);
    }
  }

  /**
   * Calls every {@code @Benchmark} method of {@code benchmark} once, each state argument taken from
   * {@code states} by its type; a row's value is what it returned (null for void) or a {@link
   * Thrown}.
   */
  private static Map<String, Object> runAll(Object benchmark, Object... states) {
    Map<String, Object> rows = new TreeMap<>();
    for (Method method : benchmark.getClass().getMethods()) {
      if (!method.isAnnotationPresent(Benchmark.class)) {
        continue;
      }
      assertTrue(Modifier.isPublic(method.getModifiers()), method + " is public");
      Object[] args = new Object[method.getParameterCount()];
      for (int i = 0; i < args.length; i++) {
        Class<?> type = method.getParameterTypes()[i];
        args[i] =
            Arrays.stream(states)
                .filter(type::isInstance)
                .findFirst()
                .orElseThrow(() -> new AssertionError(method + " takes a " + type));
      }
      try {
        rows.put(method.getName(), method.invoke(benchmark, args));
      } catch (InvocationTargetException e) {
        rows.put(method.getName(), new Thrown(e.getCause().getClass(), e.getCause().getMessage()));
      } catch (IllegalAccessException e) {
        throw new AssertionError(e);
      }
    }
    assertTrue(!rows.isEmpty(), benchmark.getClass() + " has benchmarks");
    return rows;
  }

  /** Every row is expected, and returned what was expected (a byte array by content). */
  private static void expect(Map<String, Object> rows, Map<String, Object> expected) {
    assertEquals(
        new TreeMap<>(expected).keySet(),
        new TreeMap<>(rows).keySet(),
        "the rows this test checks are the benchmark's rows");
    expected.forEach(
        (row, want) -> {
          Object got = rows.get(row);
          if (want instanceof Thrown thrown) {
            Thrown actual = assertInstanceOf(Thrown.class, got, row + " throws");
            assertEquals(thrown.type(), actual.type(), row + ": " + actual);
          } else if (want instanceof byte[] bytes) {
            if (!(got instanceof byte[] actual) || !Arrays.equals(bytes, actual)) {
              fail(row + ": " + show(got) + ", expected " + show(bytes));
            }
          } else {
            assertEquals(want, got, row);
          }
        });
  }

  private static Map<String, Integer> signs(Map<String, Object> rows) {
    Map<String, Integer> signs = new TreeMap<>();
    rows.forEach((row, value) -> signs.put(row, Integer.signum((Integer) value)));
    return signs;
  }

  private static String show(Object value) {
    return value instanceof byte[] bytes
        ? new String(bytes, StandardCharsets.ISO_8859_1) + " " + Arrays.toString(bytes)
        : String.valueOf(value);
  }
}
