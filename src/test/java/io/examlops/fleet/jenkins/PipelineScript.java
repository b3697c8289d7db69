package io.examlops.fleet.jenkins;

import com.cloudbees.groovy.cps.SerializableScript;
import groovy.lang.Closure;
import groovy.lang.MissingMethodException;
import groovy.lang.MissingPropertyException;
import java.util.List;
import java.util.Map;
import org.codehaus.groovy.runtime.InvokerHelper;

/**
 * The base class of every script the stand-in build runs (the library's {@code vars/*.groovy} and a
 * Jenkinsfile): the Pipeline steps they call, each handed to the {@link Pipeline} that runs them,
 * plus the global variables Jenkins provides ({@code env}, {@code params}, {@code currentBuild},
 * and the library's own steps, called through their {@code call} method as Jenkins does).
 */
public abstract class PipelineScript extends SerializableScript {
  // not part of the saved program: Jenkins finds its build again when it loads one
  private transient Pipeline pipeline;

  void attach(Pipeline build) {
    this.pipeline = build;
  }

  private Pipeline pipeline() {
    return pipeline;
  }

  @Override
  public Object getProperty(String name) {
    Object reader = pipeline().reader();
    if (reader != null) {
      try {
        return InvokerHelper.getProperty(reader, name);
      } catch (MissingPropertyException e) {
        // not the block's word: the script's
      }
    }
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

  /**
   * A bare name inside a block that declarative is reading ({@code agent none}, {@code options {
   * timeout(...) }}, {@code environment { X = 'y' }}) is the block's, as a closure's delegate would
   * make it in plain Groovy: groovy-cps resolves a closure's bare names on the script.
   */
  @Override
  public void setProperty(String name, Object value) {
    Object reader = pipeline().reader();
    if (reader != null) {
      InvokerHelper.setProperty(reader, name, value);
      return;
    }
    super.setProperty(name, value);
  }

  @Override
  public Object invokeMethod(String name, Object args) {
    Object reader = pipeline().reader();
    if (reader != null) {
      try {
        return InvokerHelper.invokeMethod(reader, name, args);
      } catch (MissingMethodException e) {
        if (!name.equals(e.getMethod())) {
          throw e;
        }
      }
    }
    Object step = pipeline().globalVariable(name);
    if (step != null) {
      return InvokerHelper.invokeMethod(step, "call", args);
    }
    return super.invokeMethod(name, args);
  }

  public Object sh(Object args) {
    return Cps.stepEnds(
        pipeline().sh(args instanceof Map<?, ?> m ? m : Map.of("script", args.toString())));
  }

  public Object echo(Object message) {
    pipeline().echo(String.valueOf(message));
    return Cps.stepEnds(null);
  }

  public void error(Object message) {
    pipeline().error(String.valueOf(message));
  }

  public Object unstable(Object message) {
    pipeline()
        .unstable(String.valueOf(message instanceof Map<?, ?> m ? m.get("message") : message));
    return Cps.stepEnds(null);
  }

  public Object withEnv(List<?> variables, Closure<?> body) {
    return Cps.stepEnds(pipeline().withEnv(variables, body));
  }

  public Map<String, Object> sshUserPrivateKey(Map<String, Object> binding) {
    return Pipeline.sshUserPrivateKey(binding);
  }

  public Object string(Map<String, Object> binding) {
    if (pipeline().reader() != null) {
      return InvokerHelper.invokeMethod(pipeline().reader(), "string", binding);
    }
    return Pipeline.string(binding);
  }

  public Object withCredentials(List<Map<String, Object>> bindings, Closure<?> body) {
    return Cps.stepEnds(pipeline().withCredentials(bindings, body));
  }

  /** {@code sshagent(['id']) { ... }}, as the SSH Agent plugin spells it. */
  public Object sshagent(List<String> credentials, Closure<?> body) {
    return Cps.stepEnds(pipeline().sshagent(credentials, body));
  }

  /** {@code sshagent(credentials: ['id']) { ... }}. */
  @SuppressWarnings("unchecked")
  public Object sshagent(Map<String, Object> args, Closure<?> body) {
    return Cps.stepEnds(pipeline().sshagent((List<String>) args.get("credentials"), body));
  }

  public Object readJSON(Map<String, Object> args) {
    return Cps.stepEnds(pipeline().readJson(args));
  }

  public Object writeFile(Map<String, Object> args) {
    pipeline().writeFile(String.valueOf(args.get("file")), String.valueOf(args.get("text")));
    return Cps.stepEnds(null);
  }

  public Object readFile(Object args) {
    return Cps.stepEnds(
        pipeline().readFile(String.valueOf(args instanceof Map<?, ?> m ? m.get("file") : args)));
  }

  public Object fileExists(Object path) {
    return Cps.stepEnds(pipeline().fileExists(String.valueOf(path)));
  }

  public Object node(Closure<?> body) {
    return Cps.stepEnds(pipeline().stage("node", body));
  }

  public Object node(Object label, Closure<?> body) {
    return Cps.stepEnds(pipeline().node(String.valueOf(label), body));
  }

  public Object stage(Object name, Closure<?> body) {
    if (pipeline().reader() != null) {
      return InvokerHelper.invokeMethod(pipeline().reader(), "stage", new Object[] {name, body});
    }
    return Cps.stepEnds(pipeline().stage(String.valueOf(name), body));
  }

  public Object timeout(Map<String, Object> args, Closure<?> body) {
    return Cps.stepEnds(pipeline().timeout(args, body));
  }

  public Object publishHTML(Map<String, Object> args) {
    pipeline().publishHtml(args);
    return Cps.stepEnds(null);
  }

  // --- the input step ----------------------------------------------

  public Object input(Map<String, Object> args) {
    return Cps.stepEnds(pipeline().input(args));
  }

  public Object choice(Map<String, Object> definition) {
    if (pipeline().reader() != null) {
      return InvokerHelper.invokeMethod(pipeline().reader(), "choice", definition);
    }
    return Pipeline.choice(definition);
  }

  // --- junit, archiveArtifacts, parallel, lock ---------------------------------------------

  public Object junit(Object args) {
    Map<?, ?> m = args instanceof Map<?, ?> map ? map : Map.of("testResults", args);
    pipeline()
        .junit(
            String.valueOf(m.get("testResults")), Boolean.TRUE.equals(m.get("allowEmptyResults")));
    return Cps.stepEnds(null);
  }

  public Object archiveArtifacts(Object args) {
    Map<?, ?> m = args instanceof Map<?, ?> map ? map : Map.of("artifacts", args);
    pipeline()
        .archiveArtifacts(
            String.valueOf(m.get("artifacts")), Boolean.TRUE.equals(m.get("allowEmptyArchive")));
    return Cps.stepEnds(null);
  }

  @SuppressWarnings("unchecked")
  public Object parallel(Map<String, ?> branches) {
    return Cps.stepEnds(pipeline().parallel((Map<String, Closure<?>>) branches));
  }

  public Object lock(Object args, Closure<?> body) {
    return Cps.stepEnds(
        pipeline()
            .lock(String.valueOf(args instanceof Map<?, ?> m ? m.get("resource") : args), body));
  }

  public Object pipeline(Closure<?> body) {
    pipeline().declarative(this, body);
    return Cps.stepEnds(null);
  }

  /** {@code script { }} inside a declarative stage's steps. */
  public Object script(Closure<?> body) {
    return Cps.stepEnds(pipeline().block(body));
  }

  public Object dir(Object path, Closure<?> body) {
    return Cps.stepEnds(pipeline().dir(String.valueOf(path), body));
  }

  public Object deleteDir() {
    pipeline().deleteDir();
    return Cps.stepEnds(null);
  }

  /** The Mailer plugin's {@code mail(to:, subject:, body:)}. */
  public Object mail(Map<String, Object> args) {
    pipeline().mail(args);
    return Cps.stepEnds(null);
  }

  public Object milestone(Object label) {
    pipeline().milestone(label instanceof Map<?, ?> m ? m.get("label") : label);
    return Cps.stepEnds(null);
  }
}
