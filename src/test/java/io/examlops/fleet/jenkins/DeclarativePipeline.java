package io.examlops.fleet.jenkins;

import groovy.lang.Closure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The part of Declarative Pipeline the library's example Jenkinsfiles use, for the stand-in: {@code
 * pipeline { agent any; options {...}; triggers {...}; parameters {...}; stages { stage(name) {
 * steps {...} } } }}. Options and triggers are recorded (a test reads them), parameters give {@code
 * params} their defaults where the build was given no value, and the stages' steps run in order, as
 * the script's own.
 */
final class DeclarativePipeline {
  private final Pipeline pipeline;
  private final Map<String, Object> options = new LinkedHashMap<>();
  private final List<String> triggers = new ArrayList<>();
  private final List<Closure<?>> stages = new ArrayList<>();
  private final List<String> stageNames = new ArrayList<>();

  DeclarativePipeline(Pipeline pipeline) {
    this.pipeline = pipeline;
  }

  /** Reads the {@code pipeline} block, then runs its stages. */
  void run(Closure<?> body) {
    with(this, body);
    pipeline.declared(options, triggers);
    for (int i = 0; i < stages.size(); i++) {
      pipeline.stage(stageNames.get(i), stages.get(i));
    }
  }

  private static void with(Object delegate, Closure<?> body) {
    body.setDelegate(delegate);
    body.setResolveStrategy(Closure.DELEGATE_FIRST);
    body.call();
  }

  public String getAny() {
    return "any";
  }

  public void agent(Object label) {
    // one agent: the stand-in's workspace
  }

  public void options(Closure<?> body) {
    with(new Options(), body);
  }

  public void triggers(Closure<?> body) {
    with(new Triggers(), body);
  }

  public void parameters(Closure<?> body) {
    with(new Parameters(), body);
  }

  public void stages(Closure<?> body) {
    with(new Stages(), body);
  }

  /** What {@code options} may hold here. */
  public final class Options {
    public void disableConcurrentBuilds() {
      options.put("disableConcurrentBuilds", true);
    }

    public void timeout(Map<String, Object> args) {
      options.put("timeout", args);
    }

    public Map<String, Object> logRotator(Map<String, Object> args) {
      return args;
    }

    public void buildDiscarder(Object strategy) {
      options.put("buildDiscarder", strategy);
    }
  }

  /** What {@code triggers} may hold here. */
  public final class Triggers {
    public void cron(String spec) {
      triggers.add(spec);
    }
  }

  /** Build parameters: each gives {@code params} its default unless the build has a value. */
  public final class Parameters {
    public void string(Map<String, Object> definition) {
      pipeline
          .params()
          .putIfAbsent(String.valueOf(definition.get("name")), definition.get("defaultValue"));
    }
  }

  /** {@code stage(name) { steps { ... } }}. */
  public final class Stages {
    public void stage(String name, Closure<?> body) {
      stageNames.add(name);
      stages.add(
          new Closure<Object>(body.getOwner()) {
            private static final long serialVersionUID = 1L;

            @SuppressWarnings("unused")
            public Object doCall() {
              Stage stage = new Stage();
              with(stage, body);
              return stage.steps == null ? null : stage.steps.call();
            }
          });
    }
  }

  /** One stage's {@code steps}. */
  public static final class Stage {
    private Closure<?> steps;

    public void steps(Closure<?> body) {
      steps = body;
    }
  }
}
