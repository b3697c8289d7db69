package io.examlops.fleet.jenkins;

import groovy.lang.Closure;
import groovy.lang.GroovyObjectSupport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The part of Declarative Pipeline the library's example Jenkinsfiles use, for the stand-in: {@code
 * pipeline { agent, options, parameters, environment, triggers, stages { stage { options, steps,
 * parallel }, post }, post }}. Stages run in order; a stage's {@code options { lock(...);
 * timeout(...) }} wrap its steps; {@code parallel} runs its stages as branches; {@code post}
 * conditions (always, success, unstable, failure, aborted, cleanup) run by the build's result, as
 * Jenkins runs them.
 */
final class Declarative {
  private final Pipeline pipeline;
  private final Object script;

  Declarative(Pipeline pipeline, Object script) {
    this.pipeline = pipeline;
    this.script = script;
  }

  /** Reads the pipeline block, then runs it. */
  void run(Closure<?> body) {
    Block top = new Block();
    dsl(body, top);
    pipeline.declared(top.optionsByName, top.triggers);
    Map<String, Object> params = pipeline.params();
    top.parameters.forEach(params::putIfAbsent);
    pipeline.pushEnv(top.environment);
    try {
      withPost(top.post, true, () -> wrapped(top.options, () -> runStages(top.stages)));
    } finally {
      pipeline.popEnv();
    }
  }

  private void runStages(List<Stage> stages) {
    for (Stage s : stages) {
      runStage(s);
    }
  }

  private void runStage(Stage s) {
    pipeline.stage(
        s.name,
        new Closure<Object>(this) {
          @Override
          public Object call() {
            pipeline.pushEnv(s.block.environment);
            try {
              withPost(
                  s.block.post,
                  false,
                  () ->
                      wrapped(
                          s.block.options,
                          () -> {
                            if (!s.block.parallel.isEmpty()) {
                              Map<String, Closure<?>> branches = new LinkedHashMap<>();
                              for (Stage branch : s.block.parallel) {
                                branches.put(branch.name, closure(() -> runStage(branch)));
                              }
                              pipeline.parallel(branches);
                            }
                            if (s.block.steps != null) {
                              s.block.steps.setResolveStrategy(Closure.OWNER_FIRST);
                              pipeline.block(s.block.steps);
                            }
                          }));
            } finally {
              pipeline.popEnv();
            }
            return null;
          }
        });
  }

  /** Runs the body inside a block's options: lock and timeout, in that order. */
  private void wrapped(List<Object[]> options, Runnable body) {
    Runnable run = body;
    for (int i = options.size() - 1; i >= 0; i--) {
      Object[] o = options.get(i);
      Runnable inner = run;
      if ("lock".equals(o[0])) {
        run = () -> pipeline.lock(resource(o[1]), closure(inner));
      } else if ("timeout".equals(o[0])) {
        @SuppressWarnings("unchecked")
        Map<String, Object> args = (Map<String, Object>) o[1];
        run = () -> pipeline.timeout(args, closure(inner));
      }
    }
    run.run();
  }

  private static String resource(Object args) {
    return String.valueOf(args instanceof Map<?, ?> m ? m.get("resource") : args);
  }

  /**
   * Runs the body, then the post conditions the build's result calls for. At the pipeline's top
   * ({@code top}), where every branch has stopped, an abort has done its work: the steps of {@code
   * post} run, as in Jenkins (a stage's own post inside parallel branches would race the branches
   * still being stopped).
   */
  private void withPost(Map<String, Closure<?>> post, boolean top, Runnable body) {
    RuntimeException failure = null;
    try {
      body.run();
    } catch (PipelineAborted e) {
      pipeline.currentBuild().put("result", "ABORTED");
      if (top) {
        pipeline.abortDelivered();
      }
      failure = e;
    } catch (PipelineError e) {
      pipeline.currentBuild().put("result", "FAILURE");
      failure = e;
    }
    String result = pipeline.result();
    List<String> conditions = new ArrayList<>(List.of("always"));
    conditions.add(
        switch (result) {
          case "ABORTED" -> "aborted";
          case "FAILURE" -> "failure";
          case "UNSTABLE" -> "unstable";
          default -> "success";
        });
    conditions.add("cleanup");
    for (String condition : conditions) {
      Closure<?> c = post.get(condition);
      if (c != null) {
        pipeline.log().line("[Pipeline] // post " + condition);
        c.setResolveStrategy(Closure.OWNER_FIRST);
        pipeline.block(c);
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  private Closure<Object> closure(Runnable r) {
    return new Closure<Object>(this) {
      @Override
      public Object call() {
        r.run();
        return null;
      }
    };
  }

  private void dsl(Closure<?> body, Object reader) {
    pipeline.read(body, reader);
  }

  /** A stage: its name and its block. */
  private record Stage(String name, Block block) {}

  /** What a pipeline or stage block declares. */
  public final class Block extends GroovyObjectSupport {
    final Map<String, String> environment = new LinkedHashMap<>();
    final Map<String, Object> parameters = new LinkedHashMap<>();
    final List<Object[]> options = new ArrayList<>();
    final Map<String, Object> optionsByName = new LinkedHashMap<>();
    final List<Stage> stages = new ArrayList<>();
    final List<Stage> parallel = new ArrayList<>();
    final Map<String, Closure<?>> post = new LinkedHashMap<>();
    final List<String> triggers = new ArrayList<>();
    Closure<?> steps;

    @Override
    public Object getProperty(String name) {
      if (name.equals("any") || name.equals("none")) {
        return name; // agent any, agent none
      }
      throw new groovy.lang.MissingPropertyException(name, Block.class);
    }

    public void agent(Object any) {}

    public void options(Closure<?> body) {
      dsl(body, new Options(options, optionsByName));
    }

    public void parameters(Closure<?> body) {
      dsl(body, new Parameters(parameters));
    }

    public void environment(Closure<?> body) {
      Map<String, Object> assigned = new LinkedHashMap<>();
      dsl(body, assigned);
      assigned.forEach((k, v) -> environment.put(k, String.valueOf(v)));
    }

    public void triggers(Closure<?> body) {
      dsl(body, new Triggers(triggers));
    }

    public void stages(Closure<?> body) {
      dsl(body, new Stages(stages));
    }

    public void parallel(Closure<?> body) {
      dsl(body, new Stages(parallel));
    }

    public void steps(Closure<?> body) {
      steps = body;
    }

    public void post(Closure<?> body) {
      dsl(body, new Post(post));
    }
  }

  /** {@code stages { stage('name') { ... } }} */
  public final class Stages {
    private final List<Stage> into;

    Stages(List<Stage> into) {
      this.into = into;
    }

    public void stage(Object name, Closure<?> body) {
      Block block = new Block();
      dsl(body, block);
      into.add(new Stage(String.valueOf(name), block));
    }
  }

  /** {@code options { timeout(time:, unit:); lock('resource'); disableConcurrentBuilds() }} */
  public static final class Options extends GroovyObjectSupport {
    private final List<Object[]> into;
    private final Map<String, Object> byName;

    Options(List<Object[]> into, Map<String, Object> byName) {
      this.into = into;
      this.byName = byName;
    }

    public void timeout(Map<String, Object> args) {
      TimeUnit.valueOf(String.valueOf(args.getOrDefault("unit", "MINUTES")));
      into.add(new Object[] {"timeout", args});
      byName.put("timeout", args);
    }

    public void lock(Object args) {
      into.add(new Object[] {"lock", args});
      byName.put("lock", args);
    }

    @Override
    public Object invokeMethod(String name, Object args) {
      if (!IGNORED.contains(name)) {
        throw new groovy.lang.MissingMethodException(name, Options.class, (Object[]) args);
      }
      // they change nothing in the stand-in; a test reads that they were declared
      byName.put(name, java.util.Arrays.asList((Object[]) args));
      return null;
    }

    private static final List<String> IGNORED =
        List.of("disableConcurrentBuilds", "buildDiscarder", "logRotator", "timestamps");
  }

  /**
   * {@code parameters { string(name:, defaultValue:); choice(name:, choices:); booleanParam(...) }}
   */
  public static final class Parameters {
    private final Map<String, Object> into;

    Parameters(Map<String, Object> into) {
      this.into = into;
    }

    public void string(Map<String, Object> p) {
      into.put(String.valueOf(p.get("name")), p.getOrDefault("defaultValue", ""));
    }

    public void choice(Map<String, Object> p) {
      Object choices = p.get("choices");
      Object first =
          choices instanceof List<?> l ? l.get(0) : String.valueOf(choices).split("\n")[0];
      into.put(String.valueOf(p.get("name")), first);
    }

    public void booleanParam(Map<String, Object> p) {
      into.put(String.valueOf(p.get("name")), p.getOrDefault("defaultValue", false));
    }
  }

  /** {@code triggers { cron('H/15 * * * *') }} */
  public static final class Triggers {
    private final List<String> into;

    Triggers(List<String> into) {
      this.into = into;
    }

    public void cron(String spec) {
      into.add(spec);
    }
  }

  /** {@code post { always { } success { } failure { } aborted { } ... }} */
  public static final class Post extends GroovyObjectSupport {
    private final Map<String, Closure<?>> into;

    Post(Map<String, Closure<?>> into) {
      this.into = into;
    }

    @Override
    public Object invokeMethod(String name, Object args) {
      if (!List.of("always", "success", "unstable", "failure", "aborted", "cleanup")
          .contains(name)) {
        throw new groovy.lang.MissingMethodException(name, Post.class, (Object[]) args);
      }
      Object[] a = (Object[]) args;
      into.put(name, (Closure<?>) a[0]);
      return null;
    }
  }
}
