package dev.fsbench.hostile;

/**
 * One case in one mode as the child reports it to the parent, one line each.
 *
 * @param caseId {@code input/family}
 * @param mode {@code sync} or {@code async}
 * @param verdict what the child found
 * @param millis how long the backend's call took (the last try's, when the case repeats)
 * @param outcome what the backend's call did, or null when it could not run
 * @param nio what NIO's call did on the twin fixture, or null where the expectation is declared
 * @param message what is wrong, or the expectation met
 */
record CaseResult(
    String caseId,
    String mode,
    Verdict verdict,
    long millis,
    Outcome outcome,
    Outcome nio,
    String message) {

  /** What the child found. */
  enum Verdict {
    /** The call met its expectation and changed nothing outside the case. */
    OK,
    /** A wrong exception, value or effect inside the case's directory. */
    MISMATCH,
    /** Something outside the case's directory changed: the victim, or a device node. */
    OUTSIDE,
    /** The call did not finish within the case's deadline. */
    HANG,
    /** The case could not be arranged or NIO's oracle could not run: a fault of the suite. */
    ERROR
  }

  static final String TAG = "case";

  String encode() {
    return String.join(
        "\t",
        TAG,
        caseId,
        mode,
        verdict.name(),
        Long.toString(millis),
        outcome == null ? "-" : outcome.encode(),
        nio == null ? "-" : nio.encode(),
        Outcome.enc(message));
  }

  static CaseResult decode(String line) {
    String[] f = line.split("\t", -1);
    if (f.length != 8 || !f[0].equals(TAG)) {
      throw new IllegalArgumentException("not a case line: " + line);
    }
    return new CaseResult(
        f[1],
        f[2],
        Verdict.valueOf(f[3]),
        Long.parseLong(f[4]),
        f[5].equals("-") ? null : Outcome.decode(f[5]),
        f[6].equals("-") ? null : Outcome.decode(f[6]),
        Outcome.dec(f[7]));
  }

  /** The key of a case in one mode: {@code fifo/read-file sync}. */
  String key() {
    return caseId + " " + mode;
  }
}
