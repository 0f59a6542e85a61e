package dev.fsbench.nativefs;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One function of the library's C ABI as {@link JnaBinding}'s {@code static native} methods declare
 * it, in the terms any binding needs to call it: its name, and how its result and each argument
 * travel. JNA calls those declarations; the FFM binding (backend-native-ffm) makes its downcall
 * handles from these, so that adding a function to the ABI is one declaration in Java, not one per
 * binding.
 */
public final class CFunction {

  /** How a value crosses the boundary. */
  public enum Carrier {
    /** No value: a function that returns nothing. */
    VOID,
    /** A C {@code int32_t}. */
    INT,
    /** A C {@code int64_t}. */
    LONG,
    /**
     * A C pointer: a {@code byte[]} or an {@link JnaBinding.Address} {@code long} in the
     * declaration.
     */
    ADDRESS
  }

  private final String name;
  private final Carrier result;
  private final List<Carrier> parameters;

  private CFunction(String name, Carrier result, List<Carrier> parameters) {
    this.name = name;
    this.result = result;
    this.parameters = List.copyOf(parameters);
  }

  /** The C name, {@code fsb_stat} for example. */
  public String name() {
    return name;
  }

  public Carrier result() {
    return result;
  }

  public List<Carrier> parameters() {
    return parameters;
  }

  /**
   * The function {@link JnaBinding} declares under {@code name}.
   *
   * @throws IllegalArgumentException if it declares none
   */
  public static CFunction named(String name) {
    for (CFunction f : Declared.ALL) {
      if (f.name.equals(name)) {
        return f;
      }
    }
    throw new IllegalArgumentException("JnaBinding declares no C function " + name);
  }

  /** Every function {@link JnaBinding} declares, by name. */
  public static List<CFunction> all() {
    return Declared.ALL;
  }

  /** The declarations, read once: a binding asks for each of its functions by name. */
  private static final class Declared {
    static final List<CFunction> ALL = read();

    private static List<CFunction> read() {
      List<CFunction> all = new ArrayList<>();
      for (Method m : JnaBinding.class.getDeclaredMethods()) {
        if (Modifier.isNative(m.getModifiers())) {
          all.add(of(m));
        }
      }
      all.sort(Comparator.comparing(CFunction::name));
      return List.copyOf(all);
    }
  }

  private static CFunction of(Method m) {
    List<Carrier> parameters = new ArrayList<>();
    for (Parameter p : m.getParameters()) {
      parameters.add(carrier(m, p.getType(), p.isAnnotationPresent(JnaBinding.Address.class)));
    }
    Carrier result =
        m.getReturnType() == void.class ? Carrier.VOID : carrier(m, m.getReturnType(), false);
    return new CFunction(m.getName(), result, parameters);
  }

  /** A type no binding here knows how to pass is a mistake in the declaration, found at once. */
  private static Carrier carrier(Method m, Class<?> type, boolean address) {
    if (type == byte[].class) {
      return Carrier.ADDRESS;
    }
    if (type == long.class) {
      return address ? Carrier.ADDRESS : Carrier.LONG;
    }
    if (type == int.class && !address) {
      return Carrier.INT;
    }
    throw new IllegalStateException(
        "JnaBinding."
            + m.getName()
            + ": a "
            + type.getName()
            + (address ? " marked @Address" : "")
            + " cannot cross the boundary (byte[], int, long, @Address long)");
  }
}
