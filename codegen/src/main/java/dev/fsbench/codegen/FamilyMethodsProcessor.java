package dev.fsbench.codegen;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;

/**
 * Writes the superclass a {@link FamilyMethods} annotation asks for, from {@code FsBackend} as the
 * compiler sees it. A method belongs to the family whose {@code Op} constant, in camel case, is its
 * name once {@code Async} and then {@code Text} are taken off ({@code readFileTextAsync} is {@code
 * READ_FILE}'s); the six methods that are not a family's are left to the annotated class, and any
 * other name is a compile error, as is an {@code Op} without a method.
 *
 * <p>The {@code Path} arguments' names in {@code check(path, "name")} are the interface's own,
 * which the compiler reads from the spi's class files because that module is compiled with {@code
 * -parameters}; without them the names would be {@code arg0}, and the processor refuses that rather
 * than write messages naming {@code arg0}.
 */
@SupportedAnnotationTypes("dev.fsbench.codegen.FamilyMethods")
public final class FamilyMethodsProcessor extends AbstractProcessor {
  private static final String FS_BACKEND = "dev.fsbench.spi.FsBackend";
  private static final String OP = "dev.fsbench.spi.Op";
  private static final String PATH = "java.nio.file.Path";
  private static final Set<String> NOT_A_FAMILY =
      Set.of("id", "route", "capabilities", "fileSystem", "asyncExecutor", "close");

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    for (Element annotated : round.getElementsAnnotatedWith(FamilyMethods.class)) {
      FamilyMethods spec = annotated.getAnnotation(FamilyMethods.class);
      try {
        write((TypeElement) annotated, spec);
      } catch (IOException | IllegalStateException e) {
        processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, e.getMessage(), annotated);
      }
    }
    return true;
  }

  private void write(TypeElement annotated, FamilyMethods spec) throws IOException {
    Map<ExecutableElement, String> families = familyMethods();
    String pkg =
        processingEnv.getElementUtils().getPackageOf(annotated).getQualifiedName().toString();
    String name = spec.superclass();
    StringBuilder out = new StringBuilder();
    out.append("package ").append(pkg).append(";\n\n");
    out.append("/** Written by {@code ")
        .append(getClass().getName())
        .append("} for {@link ")
        .append(annotated.getSimpleName())
        .append("}, style ")
        .append(spec.style())
        .append(": see {@code ")
        .append(FamilyMethods.class.getName())
        .append("}. */\n");
    out.append("@javax.annotation.processing.Generated(\"")
        .append(getClass().getName())
        .append("\")\n");
    out.append("abstract class ").append(name).append(" implements ").append(FS_BACKEND);
    out.append(" {\n");
    switch (spec.style()) {
      case CHECKED_DELEGATE -> checkedDelegate(out, families);
      case ROUTED -> routed(out, name, families);
    }
    out.append("}\n");
    try (Writer file =
        processingEnv.getFiler().createSourceFile(pkg + "." + name, annotated).openWriter()) {
      file.write(out.toString());
    }
  }

  private static void checkedDelegate(StringBuilder out, Map<ExecutableElement, String> families) {
    out.append("  /** The backend every family's call goes to. */\n");
    out.append("  protected abstract ").append(FS_BACKEND).append(" delegate();\n\n");
    out.append("  /** Checks a path argument before it is handed on; returns it. */\n");
    out.append("  protected abstract ")
        .append(PATH)
        .append(" check(")
        .append(PATH)
        .append(" path, String name);\n");
    families.forEach(
        (method, op) -> {
          if (method.getModifiers().contains(Modifier.DEFAULT)) {
            return;
          }
          signature(out, method);
          for (VariableElement parameter : method.getParameters()) {
            if (parameter.asType().toString().equals(PATH)) {
              out.append("    check(")
                  .append(parameter.getSimpleName())
                  .append(", \"")
                  .append(parameter.getSimpleName())
                  .append("\");\n");
            }
          }
          call(out, method, "delegate()");
        });
  }

  private static void routed(
      StringBuilder out, String name, Map<ExecutableElement, String> families) {
    List<String> ops = new ArrayList<>(new java.util.LinkedHashSet<>(families.values()));
    for (String op : ops) {
      out.append("  private final ").append(FS_BACKEND).append(' ').append(field(op)).append(";\n");
    }
    out.append("\n  /** Each family's backend, asked for once per family, here. */\n");
    out.append("  ")
        .append(name)
        .append("(java.util.function.Function<")
        .append(OP)
        .append(", ? extends ")
        .append(FS_BACKEND)
        .append("> backendOf) {\n");
    for (String op : ops) {
      out.append("    ")
          .append(field(op))
          .append(" = java.util.Objects.requireNonNull(backendOf.apply(")
          .append(OP)
          .append('.')
          .append(op)
          .append("), \"the backend of ")
          .append(op)
          .append("\");\n");
    }
    out.append("  }\n");
    families.forEach(
        (method, op) -> {
          signature(out, method);
          call(out, method, field(op));
        });
  }

  private static void signature(StringBuilder out, ExecutableElement method) {
    out.append("\n  @Override\n  public ")
        .append(method.getReturnType())
        .append(' ')
        .append(method.getSimpleName())
        .append('(');
    StringJoiner parameters = new StringJoiner(", ");
    List<? extends VariableElement> list = method.getParameters();
    for (int i = 0; i < list.size(); i++) {
      TypeMirror type = list.get(i).asType();
      String spelled =
          method.isVarArgs() && i == list.size() - 1 && type.getKind() == TypeKind.ARRAY
              ? ((javax.lang.model.type.ArrayType) type).getComponentType() + "..."
              : type.toString();
      parameters.add(spelled + " " + list.get(i).getSimpleName());
    }
    out.append(parameters).append(')');
    if (!method.getThrownTypes().isEmpty()) {
      StringJoiner thrown = new StringJoiner(", ", " throws ", "");
      method.getThrownTypes().forEach(t -> thrown.add(t.toString()));
      out.append(thrown);
    }
    out.append(" {\n");
  }

  private static void call(StringBuilder out, ExecutableElement method, String target) {
    StringJoiner arguments = new StringJoiner(", ");
    method.getParameters().forEach(p -> arguments.add(p.getSimpleName()));
    out.append("    ")
        .append(method.getReturnType().getKind() == TypeKind.VOID ? "" : "return ")
        .append(target)
        .append('.')
        .append(method.getSimpleName())
        .append('(')
        .append(arguments)
        .append(");\n  }\n");
  }

  private static String field(String op) {
    return "to" + camel(op, true);
  }

  /**
   * {@code FsBackend}'s instance methods that belong to a family, in the interface's order, each
   * with its {@code Op} constant's name.
   */
  private Map<ExecutableElement, String> familyMethods() {
    TypeElement backend = required(FS_BACKEND);
    Map<String, String> opByFamily = new LinkedHashMap<>();
    for (Element constant : required(OP).getEnclosedElements()) {
      if (constant.getKind() == ElementKind.ENUM_CONSTANT) {
        String op = constant.getSimpleName().toString();
        opByFamily.put(camel(op, false), op);
      }
    }
    Map<ExecutableElement, String> families = new LinkedHashMap<>();
    for (ExecutableElement method : ElementFilter.methodsIn(backend.getEnclosedElements())) {
      if (method.getModifiers().contains(Modifier.STATIC)) {
        continue;
      }
      String name = method.getSimpleName().toString();
      String op = opOf(name, opByFamily);
      if (op == null) {
        if (!NOT_A_FAMILY.contains(name)) {
          throw new IllegalStateException(
              FS_BACKEND
                  + "."
                  + name
                  + " is no family's method (families: "
                  + opByFamily.keySet()
                  + ") and not one of "
                  + NOT_A_FAMILY);
        }
        continue;
      }
      for (VariableElement parameter : method.getParameters()) {
        if (parameter.getSimpleName().toString().matches("arg\\d+")) {
          throw new IllegalStateException(
              FS_BACKEND
                  + "."
                  + name
                  + " has no parameter names: compile the spi with -parameters");
        }
      }
      families.put(method, op);
    }
    List<String> without = new ArrayList<>(opByFamily.values());
    without.removeAll(families.values());
    if (!without.isEmpty()) {
      throw new IllegalStateException(FS_BACKEND + " has no method for " + without);
    }
    return families;
  }

  private static String opOf(String method, Map<String, String> opByFamily) {
    String base = method.endsWith("Async") ? method.substring(0, method.length() - 5) : method;
    String op = opByFamily.get(base);
    if (op == null && base.endsWith("Text")) {
      op = opByFamily.get(base.substring(0, base.length() - 4));
    }
    return op;
  }

  private TypeElement required(String name) {
    TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
    if (type == null) {
      throw new IllegalStateException(name + " is not on the compile classpath");
    }
    return type;
  }

  /** {@code READ_FILE} as {@code readFile}, or as {@code ReadFile} if {@code upper}. */
  private static String camel(String constant, boolean upper) {
    StringBuilder camel = new StringBuilder();
    for (String word : constant.toLowerCase(Locale.ROOT).split("_")) {
      camel.append(
          camel.length() == 0 && !upper
              ? word
              : Character.toUpperCase(word.charAt(0)) + word.substring(1));
    }
    return camel.toString();
  }
}
