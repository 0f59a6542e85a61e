package dev.fsbench.routed;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One value of a parsed routes file ({@link JsonTree}) with its place in the document, so that a
 * refusal says where: {@code families.cp.backend: expected a string, found 3}.
 */
final class Node {
  private final String file;
  private final String path;
  private final Object value;

  Node(String file, String path, Object value) {
    this.file = file;
    this.path = path;
    this.value = value;
  }

  /** The refusal of this value, naming the file and the value's place. */
  RoutesException refused(String problem) {
    return new RoutesException(file, (path.isEmpty() ? "" : path + ": ") + problem);
  }

  /** The member {@code name} of this object; missing is a refusal. */
  Node field(String name) throws RoutesException {
    Map<String, Object> object = object();
    if (!object.containsKey(name)) {
      throw refused("no field '" + name + "'");
    }
    return new Node(file, child(name), object.get(name));
  }

  /** The member {@code name} of this object, or {@code null} when it has none. */
  Node optionalField(String name) throws RoutesException {
    Map<String, Object> object = object();
    return object.containsKey(name) ? new Node(file, child(name), object.get(name)) : null;
  }

  /** The members of this object, in document order. */
  Map<String, Node> fields() throws RoutesException {
    Map<String, Node> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : object().entrySet()) {
      out.put(e.getKey(), new Node(file, child(e.getKey()), e.getValue()));
    }
    return out;
  }

  /** The elements of this array. */
  List<Node> elements() throws RoutesException {
    if (!(value instanceof List<?> list)) {
      throw expected("an array");
    }
    List<Node> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      out.add(new Node(file, path + "[" + i + "]", list.get(i)));
    }
    return out;
  }

  String string() throws RoutesException {
    if (!(value instanceof String s)) {
      throw expected("a string");
    }
    return s;
  }

  String stringOrNull() throws RoutesException {
    return value == null ? null : string();
  }

  int integer() throws RoutesException {
    if (!(value instanceof Integer i)) {
      throw expected("an integer");
    }
    return i;
  }

  Integer integerOrNull() throws RoutesException {
    return value == null ? null : integer();
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> object() throws RoutesException {
    if (!(value instanceof Map<?, ?>)) {
      throw expected("an object");
    }
    return (Map<String, Object>) value;
  }

  private String child(String name) {
    return path.isEmpty() ? name : path + "." + name;
  }

  private RoutesException expected(String what) {
    return refused(
        "expected "
            + what
            + ", found "
            + (value instanceof String s ? "\"" + s + "\"" : String.valueOf(value)));
  }
}
