package dev.fsbench.codegen;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.tools.Diagnostic;

/**
 * Writes the registry a {@link FamilyRegistry} asks for from the {@link FamilyEntry} annotations of
 * the same compilation. The entries' {@code Op} constants are read from the annotations as the
 * compiler sees them, and every constant of {@code Op} must have exactly one.
 */
@SupportedAnnotationTypes({"dev.fsbench.codegen.FamilyRegistry", "dev.fsbench.codegen.FamilyEntry"})
public final class FamilyRegistryProcessor extends AbstractProcessor {
  private static final String OP = "dev.fsbench.spi.Op";

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  /** The entries of every round so far: all of a module's come in its sources' round. */
  private final List<Element> entries = new ArrayList<>();

  private boolean written;

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    entries.addAll(round.getElementsAnnotatedWith(FamilyEntry.class));
    List<? extends Element> registries =
        List.copyOf(round.getElementsAnnotatedWith(FamilyRegistry.class));
    if (registries.size() > 1) {
      error(registries.get(1), "a second FamilyRegistry in one module: " + registries);
    } else if (registries.size() == 1) {
      TypeElement registry = (TypeElement) registries.get(0);
      try {
        write(registry, byOp(registry));
        written = true;
      } catch (IOException | IllegalStateException e) {
        error(registry, e.getMessage());
      }
    }
    if (round.processingOver() && !entries.isEmpty() && !written) {
      error(entries.get(0), "a FamilyEntry without a FamilyRegistry in its module");
    }
    return true;
  }

  /** Each {@code Op} constant's entry, as the code that yields it, in {@code Op}'s order. */
  private Map<String, String> byOp(TypeElement registry) {
    Map<String, String> byOp = new LinkedHashMap<>();
    TypeElement op = processingEnv.getElementUtils().getTypeElement(OP);
    if (op == null) {
      throw new IllegalStateException(OP + " is not on the compile classpath");
    }
    for (Element constant : op.getEnclosedElements()) {
      if (constant.getKind() == ElementKind.ENUM_CONSTANT) {
        byOp.put(constant.getSimpleName().toString(), null);
      }
    }
    for (Element entry : entries) {
      String constant = opOf(entry);
      if (!byOp.containsKey(constant)) {
        throw new IllegalStateException(entry + " is filed under " + constant + ", no Op");
      }
      String code = code(entry);
      String earlier = byOp.put(constant, code);
      if (earlier != null) {
        throw new IllegalStateException(
            "two entries for " + constant + " in " + registry + ": " + earlier + " and " + code);
      }
    }
    List<String> without = new ArrayList<>();
    byOp.forEach(
        (constant, code) -> {
          if (code == null) {
            without.add(constant);
          }
        });
    if (!without.isEmpty()) {
      throw new IllegalStateException(
          "no FamilyEntry for " + without + " in the module of " + registry);
    }
    return byOp;
  }

  private static String opOf(Element entry) {
    for (AnnotationMirror mirror : entry.getAnnotationMirrors()) {
      if (mirror.getAnnotationType().toString().equals(FamilyEntry.class.getName())) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> value :
            mirror.getElementValues().entrySet()) {
          return ((VariableElement) value.getValue().getValue()).getSimpleName().toString();
        }
      }
    }
    throw new IllegalStateException(entry + " has no FamilyEntry value");
  }

  /** {@code LinesWorkload.FAMILY} for a field, {@code new LinesContract()} for a class. */
  private static String code(Element entry) {
    if (entry.getKind() == ElementKind.FIELD) {
      if (!entry.getModifiers().contains(javax.lang.model.element.Modifier.STATIC)) {
        throw new IllegalStateException(
            "the FamilyEntry " + entry.getEnclosingElement() + "." + entry + " is not static");
      }
      return ((TypeElement) entry.getEnclosingElement()).getQualifiedName() + "." + entry;
    }
    return "new " + ((TypeElement) entry).getQualifiedName() + "()";
  }

  private void write(TypeElement registry, Map<String, String> byOp) throws IOException {
    FamilyRegistry spec = registry.getAnnotation(FamilyRegistry.class);
    String pkg = processingEnv.getElementUtils().getPackageOf(registry).getQualifiedName() + "";
    StringBuilder out = new StringBuilder();
    out.append("package ").append(pkg).append(";\n\n");
    out.append("/** Written by {@code ")
        .append(getClass().getName())
        .append("} for {@link ")
        .append(registry.getSimpleName())
        .append("}: one entry per Op, from the FamilyEntry annotations. */\n");
    out.append("@javax.annotation.processing.Generated(\"")
        .append(getClass().getName())
        .append("\")\n");
    out.append("final class ").append(spec.generate()).append(" {\n");
    out.append("  private ").append(spec.generate()).append("() {}\n\n");
    out.append("  static ")
        .append(spec.of())
        .append(" of(")
        .append(OP)
        .append(" op) {\n    return switch (op) {\n");
    byOp.forEach(
        (constant, code) ->
            out.append("      case ").append(constant).append(" -> ").append(code).append(";\n"));
    out.append("    };\n  }\n}\n");
    try (Writer file =
        processingEnv
            .getFiler()
            .createSourceFile(pkg + "." + spec.generate(), registry)
            .openWriter()) {
      file.write(out.toString());
    }
  }

  private void error(Element where, String message) {
    processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, where);
  }
}
