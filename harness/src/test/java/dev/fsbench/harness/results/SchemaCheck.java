package dev.fsbench.harness.results;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Validates a run.json against results/run.schema.json (the copy in the jar) with an independent
 * validator.
 */
public final class SchemaCheck {
  private static final Schema SCHEMA = load();

  private SchemaCheck() {}

  /** The validation errors, as readable strings; empty when the file follows the schema. */
  public static List<String> errors(Path runJson) throws IOException {
    List<Error> errors = SCHEMA.validate(Files.readString(runJson), InputFormat.JSON);
    return errors.stream().map(Error::toString).toList();
  }

  private static Schema load() {
    try (InputStream in = SchemaCheck.class.getResourceAsStream("run.schema.json")) {
      if (in == null) {
        throw new IllegalStateException(
            "run.schema.json is not on the class path: the build must copy results/run.schema.json");
      }
      return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
