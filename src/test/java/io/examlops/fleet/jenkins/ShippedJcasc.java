package io.examlops.fleet.jenkins;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import groovy.lang.Closure;
import groovy.lang.GroovyObjectSupport;
import groovy.lang.GroovyShell;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The shipped {@code jenkins/jcasc.yaml} as Jenkins would read it: its YAML, and the items its Job
 * DSL script creates, recorded by running the script against a builder that notes every call (name,
 * arguments, nested block), which is how Job DSL's dynamic DSL reads it too.
 */
final class ShippedJcasc {
  static final Path FILE = Path.of("jenkins/jcasc.yaml");

  /** One call of the Job DSL script: {@code folder('teams') { ... }}. */
  static final class Call extends GroovyObjectSupport {
    final String name;
    final List<Object> args;
    final List<Call> children = new ArrayList<>();

    Call(String name, List<Object> args) {
      this.name = name;
      this.args = args;
    }

    @Override
    public Object invokeMethod(String method, Object arguments) {
      Object[] given = arguments instanceof Object[] a ? a : new Object[] {arguments};
      List<Object> plain = new ArrayList<>(Arrays.asList(given));
      Call child = new Call(method, plain);
      children.add(child);
      if (!plain.isEmpty() && plain.get(plain.size() - 1) instanceof Closure<?> body) {
        plain.remove(plain.size() - 1);
        body.setDelegate(child);
        body.setResolveStrategy(Closure.DELEGATE_FIRST);
        body.call();
      }
      return child;
    }

    /** The first argument, as text. */
    String arg() {
      return args.isEmpty() ? null : String.valueOf(args.get(0));
    }

    /** This call and every call nested in it, depth first. */
    Stream<Call> all() {
      return Stream.concat(Stream.of(this), children.stream().flatMap(Call::all));
    }

    /** The first nested call named {@code name}, at any depth. */
    Optional<Call> find(String name) {
      return all().skip(1).filter(c -> c.name.equals(name)).findFirst();
    }

    List<Call> findAll(String name) {
      return all().skip(1).filter(c -> c.name.equals(name)).toList();
    }
  }

  private ShippedJcasc() {}

  static JsonNode yaml() throws IOException {
    return new ObjectMapper(new YAMLFactory()).readTree(Files.readString(FILE));
  }

  /** The items the Job DSL script under {@code jobs:} creates, as calls of its top level. */
  static Call items() throws IOException {
    Call root = new Call("jobs", List.of());
    for (JsonNode job : yaml().get("jobs")) {
      Closure<?> script =
          (Closure<?>) new GroovyShell().evaluate("{ ->\n" + job.get("script").asText() + "\n}");
      script.setDelegate(root);
      script.setResolveStrategy(Closure.DELEGATE_FIRST);
      script.call();
    }
    return root;
  }

  /**
   * The credential ids a job sees, as Jenkins' folder credentials give them: those of every folder
   * above it (the YAML gives none at the system level: a test holds it so).
   */
  static List<String> credentialsOf(String jobName) throws IOException {
    List<String> ids = new ArrayList<>();
    Predicate<String> above = folder -> jobName.startsWith(folder + "/");
    for (Call folder : items().findAll("folder")) {
      if (above.test(folder.arg())) {
        folder.findAll("stringCredentialsImpl").forEach(c -> ids.add(c.find("id").get().arg()));
      }
    }
    return ids;
  }
}
