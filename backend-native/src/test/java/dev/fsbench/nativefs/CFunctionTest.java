package dev.fsbench.nativefs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fsbench.nativefs.CFunction.Carrier;
import dev.fsbench.spi.Op;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Java declaration of the ABI ({@link JnaBinding}'s natives, which JNA calls and from which the
 * FFM binding makes its handles) against the library's own: every {@code extern "C"} function of
 * rust/src/abi.rs is declared, with the same carriers, and nothing else is. A pointer declared as a
 * plain {@code long} would reach the FFM binding as a number and crash there; this fails first.
 */
class CFunctionTest {

  private static final Pattern EXTERN_FN =
      Pattern.compile(
          "extern \"C\" fn (\\w+)\\(([^)]*)\\)\\s*(?:->\\s*([\\w\\[\\]; ]+?))?\\s*\\{",
          Pattern.DOTALL);

  @Test
  void everyFunctionOfAbiRsIsDeclaredWithItsCarriers() throws IOException {
    Map<String, String> rust = rustFunctions();
    Map<String, String> java = new TreeMap<>();
    for (CFunction f : CFunction.all()) {
      java.put(f.name(), f.result() + " " + f.parameters());
    }
    assertTrue(rust.size() >= 30, "abi.rs parsed: " + rust.keySet());
    assertEquals(rust, java);
  }

  @Test
  void everyFamilyNamesAFunctionTheBindingDeclares() {
    for (Op op : Op.values()) {
      assertEquals(Abi.symbol(op), CFunction.named(Abi.symbol(op)).name(), op.family());
    }
    assertEquals("fsb_read_file", Abi.symbol(Op.READ_FILE));
    assertEquals("fsb_stat", Abi.symbol(Op.LSTAT));
  }

  @Test
  void aFunctionIsFoundByItsCName() {
    CFunction stat = CFunction.named("fsb_stat");
    assertEquals(Carrier.INT, stat.result());
    assertEquals(List.of(Carrier.ADDRESS, Carrier.INT, Carrier.ADDRESS), stat.parameters());
    CFunction free = CFunction.named("fsb_free");
    assertEquals(Carrier.VOID, free.result());
    assertEquals(List.of(Carrier.LONG, Carrier.LONG), free.parameters());
  }

  @Test
  void anUndeclaredNameIsRefusedByName() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CFunction.named("fsb_nothing"));
    assertTrue(e.getMessage().contains("fsb_nothing"), e.getMessage());
  }

  /** rust/src/abi.rs's functions, each as {@code RESULT [CARRIER, ...]}. */
  private static Map<String, String> rustFunctions() throws IOException {
    Path abi = Path.of("..", "rust", "src", "abi.rs");
    String source = Files.readString(abi, StandardCharsets.UTF_8);
    Map<String, String> functions = new TreeMap<>();
    Matcher m = EXTERN_FN.matcher(source);
    while (m.find()) {
      List<Carrier> parameters = new ArrayList<>();
      for (String parameter : m.group(2).split(",")) {
        if (!parameter.isBlank()) {
          parameters.add(carrier(parameter.substring(parameter.indexOf(':') + 1).trim()));
        }
      }
      Carrier result = m.group(3) == null ? Carrier.VOID : carrier(m.group(3).trim());
      functions.put(m.group(1), result + " " + parameters);
    }
    return functions;
  }

  private static Carrier carrier(String rustType) {
    if (rustType.startsWith("*")) {
      return Carrier.ADDRESS;
    }
    switch (rustType) {
      case "i32":
        return Carrier.INT;
      case "i64":
        return Carrier.LONG;
      default:
        throw new AssertionError("abi.rs passes a " + rustType + ": give it a carrier here");
    }
  }
}
