package dev.fsbench.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.harness.model.CellPlan;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CalibrationTest {
  private static final long MODEL_ITERATION = Sampling.batchIterationNanos("mkdir");

  @Test
  void theModelsOwnMachineCalibratesToOne() {
    // A fork as the model has it: its start-up, then warmups and samples at the model's cost.
    int warmups = 2;
    long shortFork = Sampling.FORK_NANOS + (warmups + Calibration.SHORT) * MODEL_ITERATION;
    long longFork = Sampling.FORK_NANOS + (warmups + Calibration.LONG) * MODEL_ITERATION;
    Sampling.Pace pace = Calibration.pace(shortFork, longFork, warmups);
    assertEquals(1.0, pace.startup(), 1e-9);
    assertEquals(1.0, pace.iteration(), 1e-9);
  }

  @Test
  void aSlowDayScalesEachPartByItsOwnFactor() {
    int warmups = 2;
    long startup = 2 * Sampling.FORK_NANOS;
    long iteration = 3 * MODEL_ITERATION;
    Sampling.Pace pace =
        Calibration.pace(
            startup + (warmups + Calibration.SHORT) * iteration,
            startup + (warmups + Calibration.LONG) * iteration,
            warmups);
    assertEquals(2.0, pace.startup(), 1e-9);
    assertEquals(3.0, pace.iteration(), 1e-9);
  }

  @Test
  void oneDisturbedForkCannotMakeTheEstimateAbsurd() {
    Sampling.Pace pace = Calibration.pace(10_000_000_000L, 1_000_000L, 2); // the long fork faster
    assertEquals(Calibration.MOST, pace.startup());
    assertEquals(Calibration.LEAST, pace.iteration());
  }

  @Test
  void itRunsTheKnownCellTwiceAndAFailureLeavesTheModel() throws IOException {
    List<String> ran = new ArrayList<>();
    long[] now = {0};
    Calibration.ForkRunner runner =
        (CellPlan plan, String name, int samples) -> {
          ran.add(plan.key().id() + " x" + samples);
          now[0] += Sampling.FORK_NANOS + (2 + samples) * MODEL_ITERATION;
        };
    ByteArrayOutputStream notes = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(notes, true, StandardCharsets.UTF_8);
    Sampling.Pace pace = Calibration.measure(runner, 2, () -> now[0], err);
    assertEquals(List.of("mkdir/batch-256/-/sync/nio x1", "mkdir/batch-256/-/sync/nio x31"), ran);
    assertEquals(1.0, pace.startup(), 1e-9);

    Calibration.ForkRunner failing =
        (plan, name, samples) -> {
          throw new JmhCell.CellFailure("no space left", null);
        };
    assertSame(Sampling.Pace.MODEL, Calibration.measure(failing, 2, () -> 0, err));
    assertTrue(notes.toString(StandardCharsets.UTF_8).contains("no space left"), notes.toString());
  }

  @Test
  void theEstimateScalesWithThePace() {
    CellPlan plan = Calibration.cell();
    long model = new Sampling(null, false).estimateNanos(plan, 2);
    long doubled =
        new Sampling(null, false, java.util.Map.of(), false, new Sampling.Pace(2, 2))
            .estimateNanos(plan, 2);
    assertEquals(2 * model, doubled, 2);
  }
}
