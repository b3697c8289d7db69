package io.examlops.fleet.jenkins;

import groovy.lang.Closure;
import groovy.lang.Script;
import java.util.List;
import java.util.Map;
import org.codehaus.groovy.runtime.InvokerHelper;

/**
 * The base class of every script the stand-in build runs (the library's {@code vars/*.groovy} and a
 * Jenkinsfile): the Pipeline steps they call, each handed to the {@link Pipeline} that runs them,
 * plus the global variables Jenkins provides ({@code env}, {@code params}, {@code currentBuild},
 * and the library's own steps, called through their {@code call} method as Jenkins does).
 */
public abstract class PipelineScript extends Script {
  static final String PIPELINE = "__pipeline";

  private Pipeline pipeline() {
    return (Pipeline) getBinding().getVariable(PIPELINE);
  }

  @Override
  public Object getProperty(String name) {
    switch (name) {
      case "env":
        return pipeline().envGlobal();
      case "params":
        return pipeline().params();
      case "currentBuild":
        return pipeline().currentBuild();
      case "scm":
        return "scm";
      default:
        Object step = pipeline().globalVariable(name);
        return step != null ? step : super.getProperty(name);
    }
  }

  @Override
  public Object invokeMethod(String name, Object args) {
    Object step = pipeline().globalVariable(name);
    if (step != null) {
      return InvokerHelper.invokeMethod(step, "call", args);
    }
    return super.invokeMethod(name, args);
  }

  public Object sh(Object args) {
    return pipeline().sh(args instanceof Map<?, ?> m ? m : Map.of("script", args.toString()));
  }

  public void echo(Object message) {
    pipeline().echo(String.valueOf(message));
  }

  public void error(Object message) {
    pipeline().error(String.valueOf(message));
  }

  public void unstable(Object message) {
    pipeline()
        .unstable(String.valueOf(message instanceof Map<?, ?> m ? m.get("message") : message));
  }

  public Object withEnv(List<?> variables, Closure<?> body) {
    return pipeline().withEnv(variables, body);
  }

  public Map<String, Object> sshUserPrivateKey(Map<String, Object> binding) {
    return Pipeline.sshUserPrivateKey(binding);
  }

  public Map<String, Object> string(Map<String, Object> binding) {
    return Pipeline.string(binding);
  }

  public Object withCredentials(List<Map<String, Object>> bindings, Closure<?> body) {
    return pipeline().withCredentials(bindings, body);
  }

  /** {@code sshagent(['id']) { ... }}, as the SSH Agent plugin spells it. */
  public Object sshagent(List<String> credentials, Closure<?> body) {
    return pipeline().sshagent(credentials, body);
  }

  /** {@code sshagent(credentials: ['id']) { ... }}. */
  @SuppressWarnings("unchecked")
  public Object sshagent(Map<String, Object> args, Closure<?> body) {
    return pipeline().sshagent((List<String>) args.get("credentials"), body);
  }

  public Object readJSON(Map<String, Object> args) {
    return pipeline().readJson(args);
  }

  public void writeFile(Map<String, Object> args) {
    pipeline().writeFile(String.valueOf(args.get("file")), String.valueOf(args.get("text")));
  }

  public String readFile(Object args) {
    return pipeline().readFile(String.valueOf(args instanceof Map<?, ?> m ? m.get("file") : args));
  }

  public boolean fileExists(Object path) {
    return pipeline().fileExists(String.valueOf(path));
  }

  public Object node(Closure<?> body) {
    return pipeline().stage("node", body);
  }

  public Object node(Object label, Closure<?> body) {
    return pipeline().node(String.valueOf(label), body);
  }

  public Object stage(Object name, Closure<?> body) {
    return pipeline().stage(String.valueOf(name), body);
  }

  public Object timeout(Map<String, Object> args, Closure<?> body) {
    return pipeline().timeout(args, body);
  }

  public void publishHTML(Map<String, Object> args) {
    pipeline().publishHtml(args);
  }

  // --- the input step ----------------------------------------------

  public Object input(Map<String, Object> args) {
    return pipeline().input(args);
  }

  public Map<String, Object> choice(Map<String, Object> definition) {
    return Pipeline.choice(definition);
  }

  // --- junit, archiveArtifacts, parallel, lock ---------------------------------------------

  public void junit(Object args) {
    Map<?, ?> m = args instanceof Map<?, ?> map ? map : Map.of("testResults", args);
    pipeline()
        .junit(
            String.valueOf(m.get("testResults")), Boolean.TRUE.equals(m.get("allowEmptyResults")));
  }

  public void archiveArtifacts(Object args) {
    Map<?, ?> m = args instanceof Map<?, ?> map ? map : Map.of("artifacts", args);
    pipeline()
        .archiveArtifacts(
            String.valueOf(m.get("artifacts")), Boolean.TRUE.equals(m.get("allowEmptyArchive")));
  }

  @SuppressWarnings("unchecked")
  public Object parallel(Map<String, ?> branches) {
    return pipeline().parallel((Map<String, Closure<?>>) branches);
  }

  public Object lock(Object args, Closure<?> body) {
    return pipeline()
        .lock(String.valueOf(args instanceof Map<?, ?> m ? m.get("resource") : args), body);
  }

  public void pipeline(Closure<?> body) {
    pipeline().declarative(this, body);
  }

  /** {@code script { }} inside a declarative stage's steps. */
  public Object script(Closure<?> body) {
    return body.call();
  }

  public void milestone(Object label) {
    pipeline().milestone(label instanceof Map<?, ?> m ? m.get("label") : label);
  }
}
