package io.examlops.fleet.jenkins;

import com.cloudbees.groovy.cps.SandboxCpsTransformer;
import groovy.lang.Binding;
import groovy.lang.Closure;
import groovy.lang.GroovyShell;
import groovy.lang.Script;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.codehaus.groovy.control.CompilerConfiguration;

/**
 * One build of a stand-in Jenkins: runs the shared library's steps (and a Jenkinsfile) with Groovy
 * 2.4, Jenkins Pipeline's Groovy line, in a workspace of its own. The steps' stand-ins do what
 * Jenkins does where it matters to the library: {@code sh} really runs its script with {@code sh
 * -xe} (echoing commands into the log, as Jenkins does), streams its output into the {@link
 * BuildLog} as it comes, fails on a non-zero exit; {@code withCredentials} writes an SSH key to a
 * file readable only by its owner under {@code WORKSPACE@tmp} for the block and deletes it after;
 * an abort sends SIGTERM to every process of the running {@code sh}, as Jenkins does.
 */
public final class Pipeline {
  /** How long Jenkins waits between SIGTERM and SIGKILL when it aborts an sh step. */
  public static final java.time.Duration KILL_AFTER = java.time.Duration.ofSeconds(5);

  private final Path library;
  private final Path workspace;
  private final Path tmp;
  private final Map<String, String> baseEnv;
  // per thread: each branch of a parallel step has its own withEnv, withCredentials and stage
  private final ThreadLocal<Deque<Map<String, String>>> overlayStack =
      ThreadLocal.withInitial(ArrayDeque::new);
  private final Map<String, SshCredential> credentials = new HashMap<>();
  private final Map<String, String> secretTexts = new HashMap<>();
  private final Map<String, Object> params = new LinkedHashMap<>();
  private final Map<String, Object> currentBuild = new LinkedHashMap<>();
  private final Map<String, Script> steps = new HashMap<>();
  private final List<Path> keyFilesWritten = new CopyOnWriteArrayList<>();
  private final List<Map<String, Object>> publishedHtml = new CopyOnWriteArrayList<>();
  private final List<Map<String, Object>> mails = new CopyOnWriteArrayList<>();
  private final BuildLog log = new BuildLog();
  private final GroovyShell shell;
  private final Cps cps;
  private final ThreadLocal<Deque<Object>> readers = ThreadLocal.withInitial(ArrayDeque::new);
  private final ThreadLocal<Deque<Path>> dirs = ThreadLocal.withInitial(ArrayDeque::new);
  private final java.util.concurrent.atomic.AtomicInteger shRuns =
      new java.util.concurrent.atomic.AtomicInteger();
  private volatile Process running;
  private final List<Process> runningAll = new CopyOnWriteArrayList<>();
  private volatile boolean aborted;
  private volatile boolean finished;
  private final ThreadLocal<Integer> nodesHeld = ThreadLocal.withInitial(() -> 0);
  private final java.util.concurrent.atomic.AtomicInteger inputsInsideANode =
      new java.util.concurrent.atomic.AtomicInteger();

  /**
   * @param library the shared library's root (holding {@code vars/})
   * @param workspace the build's workspace
   * @param env the agent's environment plus what Jenkins sets (JOB_NAME, BUILD_NUMBER, ...)
   */
  public Pipeline(Path library, Path workspace, Map<String, String> env) {
    this.library = library;
    this.workspace = workspace;
    this.tmp = workspace.resolveSibling(workspace.getFileName() + "@tmp");
    this.baseEnv = new LinkedHashMap<>(env);
    this.baseEnv.put("WORKSPACE", workspace.toString());
    currentBuild.put("result", null);
    currentBuild.put("description", null);
    currentBuild.put("number", env.get("BUILD_NUMBER"));
    CompilerConfiguration config = new CompilerConfiguration();
    config.setScriptBaseClass(PipelineScript.class.getName());
    // every script and library class compiled as Jenkins compiles a sandboxed one
    config.addCompilationCustomizers(new SandboxCpsTransformer());
    shell = new GroovyShell(Pipeline.class.getClassLoader(), new Binding(), config);
    // what the build's scripts define is theirs, as Jenkins trusts what a script's own class
    // loader defines; everything else goes by script-security's lists
    cps =
        new Cps(
            shell.getClassLoader(),
            new ScriptSecurity.Check(
                ScriptSecurity.pipeline(),
                type ->
                    type.getClassLoader() instanceof groovy.lang.GroovyClassLoader
                        // the scripts' base class stands for Jenkins' own, which Jenkins trusts
                        || type == PipelineScript.class));
    // the library's classes (src/), on the class path of its steps and the Jenkinsfile, as Jenkins
    // puts them
    shell.getClassLoader().addClasspath(library.resolve("src").toString());
    if (baseEnv.containsKey("JOB_NAME")) {
      String job = baseEnv.get("JOB_NAME");
      baseEnv.putIfAbsent("JOB_BASE_NAME", job.substring(job.lastIndexOf('/') + 1));
    }
    try {
      Files.createDirectories(workspace);
      Files.createDirectories(tmp);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Adds a credential to the stand-in Jenkins' credential store. */
  public Pipeline withCredential(String id, SshCredential credential) {
    credentials.put(id, credential);
    return this;
  }

  /** Adds a "secret text" credential (a console API token) to the stand-in's credential store. */
  public Pipeline withSecretText(String id, String secret) {
    secretTexts.put(id, secret);
    return this;
  }

  /** A build parameter ({@code params.NAME}). */
  public Pipeline withParam(String name, Object value) {
    params.put(name, value);
    return this;
  }

  public BuildLog log() {
    return log;
  }

  /** The build's result: SUCCESS, UNSTABLE, FAILURE or ABORTED (set by {@link #run}). */
  public String result() {
    Object result = currentBuild.get("result");
    return result == null ? "SUCCESS" : result.toString();
  }

  public Path workspace() {
    return workspace;
  }

  /** Every key file {@code withCredentials} wrote, to check that none is left. */
  public List<Path> keyFilesWritten() {
    return List.copyOf(keyFilesWritten);
  }

  public List<Map<String, Object>> publishedHtml() {
    return List.copyOf(publishedHtml);
  }

  /** Calls one library step, as {@code name(args)} in a Jenkinsfile; a failure is thrown. */
  public Object step(String name, Map<String, Object> args) {
    Object step = globalVariable(name);
    if (step == null) {
      throw new IllegalArgumentException("the library has no step " + name);
    }
    return cps.run(() -> ((Script) step).invokeMethod("call", new Object[] {args}));
  }

  /**
   * Runs a block of declarative's ({@code pipeline { }}, {@code stages { }}, ...) with {@code
   * reader} taking its bare names, as its delegate would in plain Groovy.
   */
  Object read(Closure<?> body, Object reader) {
    readers.get().push(reader);
    try {
      return block(body);
    } finally {
      readers.get().pop();
    }
  }

  /** The declarative block being read on this thread, or {@code null}. */
  Object reader() {
    return readers.get().peek();
  }

  /** Runs a block a step was given (a closure of the pipeline's) to its end. */
  Object block(Closure<?> body) {
    return cps.run(body::call);
  }

  /**
   * Runs a Jenkinsfile to its end and returns the build's result, as Jenkins does: a failure is
   * logged ("ERROR: ...") and makes the result FAILURE, an abort ABORTED. {@code @Library} lines
   * load this library, the one the stand-in has.
   */
  public String run(String jenkinsfile) {
    String text = jenkinsfile.replaceAll("(?m)^@Library\\([^)]*\\)\\s*_\\s*$", "");
    try {
      Script script = shell.parse(text, "Jenkinsfile");
      ((PipelineScript) script).attach(this);
      cps.run(script::run);
      currentBuild.putIfAbsent("result", null);
    } catch (PipelineAborted e) {
      log.line(e.getMessage());
      currentBuild.put("result", "ABORTED");
    } catch (PipelineError e) {
      log.line("ERROR: " + e.getMessage());
      currentBuild.put("result", "FAILURE");
    } catch (RuntimeException e) {
      // what else a program throws (a sandbox refusal, a missing method) fails the build, as in
      // Jenkins, which prints the exception
      log.line(e.toString());
      currentBuild.put("result", "FAILURE");
    }
    log.line("Finished: " + result());
    finished = true;
    return result();
  }

  /**
   * Aborts the build, as the Stop button does: every process of the running {@code sh} steps gets
   * SIGTERM, and those still there {@link #KILL_AFTER} later get SIGKILL, as Jenkins' durable task
   * does. Returns the processes that had to be killed (none, when the library ended in time).
   */
  public List<ProcessHandle> abort() throws InterruptedException {
    aborted = true;
    List<ProcessHandle> tree = new ArrayList<>();
    for (Process p : runningAll) {
      tree.addAll(p.descendants().toList());
      tree.add(p.toHandle());
    }
    long sigterm = System.nanoTime();
    tree.forEach(ProcessHandle::destroy);
    long deadline = sigterm + KILL_AFTER.toNanos();
    List<ProcessHandle> killed = new ArrayList<>();
    for (ProcessHandle h : tree) {
      try {
        h.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
        h.destroyForcibly();
        killed.add(h);
      }
    }
    if (killed.isEmpty() && !tree.isEmpty()) {
      log.line(
          "All processes ended "
              + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sigterm)
              + " ms after SIGTERM");
    }
    if (!killed.isEmpty()) {
      log.line(
          "Killed "
              + killed.size()
              + " process(es) still running "
              + KILL_AFTER.toSeconds()
              + " s after SIGTERM");
    }
    return killed;
  }

  /**
   * The abort reached the top of the pipeline: the steps that run from now on (its {@code post}
   * conditions) run, as Jenkins runs them after the interrupted steps have stopped.
   */
  void abortDelivered() {
    aborted = false;
  }

  /** The directory the steps work in: the workspace, or where {@code dir} moved them. */
  private Path here() {
    Path dir = dirs.get().peek();
    return dir == null ? workspace : dir;
  }

  /** {@code dir(path) { }}: the block's steps work in that directory (made when first used). */
  Object dir(String path, Closure<?> body) {
    dirs.get().push(here().resolve(path).normalize());
    try {
      return block(body);
    } finally {
      dirs.get().pop();
    }
  }

  /** {@code deleteDir()}: deletes the directory the steps work in, and all it holds. */
  void deleteDir() {
    deleteTree(here());
  }

  /** Records a mail the build sent ({@code mail} step). */
  void mail(Map<String, Object> args) {
    for (String field : List.of("to", "subject", "body")) {
      if (args.get(field) == null || args.get(field).toString().isBlank()) {
        throw new PipelineError("mail: " + field + " is required");
      }
    }
    // a step's parameters reach it as text, as Jenkins binds them
    Map<String, Object> mail = new LinkedHashMap<>();
    args.forEach((k, v) -> mail.put(k, String.valueOf(v)));
    mails.add(mail);
    log.line("[Pipeline] mail to " + args.get("to") + ": " + args.get("subject"));
  }

  /** The mails the build sent, as the mail step was given them. */
  public List<Map<String, Object>> mails() {
    return List.copyOf(mails);
  }

  /** How many sh steps ran. */
  public int shRuns() {
    return shRuns.get();
  }

  /** The process the running {@code sh} step started, or {@code null}. */
  public Process running() {
    return running;
  }

  // --- what the library sees --------------------------------------------------------------

  Object globalVariable(String name) {
    Script loaded = steps.get(name);
    if (loaded != null) {
      return loaded;
    }
    Path file = library.resolve("vars").resolve(name + ".groovy");
    if (!name.matches("[A-Za-z][A-Za-z0-9_]*") || !Files.isRegularFile(file)) {
      return null;
    }
    try {
      Script script = shell.parse(file.toFile());
      ((PipelineScript) script).attach(this);
      steps.put(name, script);
      return script;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private Deque<Map<String, String>> overlays() {
    return overlayStack.get();
  }

  Map<String, String> env() {
    Map<String, String> env = new LinkedHashMap<>(baseEnv);
    overlays().descendingIterator().forEachRemaining(env::putAll);
    return env;
  }

  /**
   * The build's {@code env} as a pipeline sees it: {@code env.NAME = value} sets a variable for the
   * rest of the build, as Jenkins does.
   */
  Object envGlobal() {
    return new BuildEnv(env(), baseEnv);
  }

  /**
   * {@code env}: like Jenkins' (workflow-cps' {@code EnvActionImpl}), an object whose properties
   * are the build's variables, not a map: {@code env.NAME} reads one, an assignment also sets it
   * for the rest of the build, and {@code env[NAME]} is Groovy's {@code getAt}, which the sandbox
   * refuses.
   */
  static final class BuildEnv extends groovy.lang.GroovyObjectSupport
      implements java.io.Serializable {
    /** What Jenkins whitelists of its {@code env} (its {@code @Whitelisted} methods). */
    static final List<String> WHITELIST =
        List.of(
            "method " + BuildEnv.class.getName() + " getProperty java.lang.String",
            "method "
                + BuildEnv.class.getName()
                + " setProperty java.lang.String java.lang.Object");

    private final Map<String, String> now;
    private final transient Map<String, String> build;

    BuildEnv(Map<String, String> now, Map<String, String> build) {
      this.now = new LinkedHashMap<>(now);
      this.build = build;
    }

    @Override
    public Object getProperty(String name) {
      return now.get(name);
    }

    @Override
    public void setProperty(String name, Object value) {
      String text = value == null ? null : value.toString();
      build.put(name, text);
      now.put(name, text);
    }
  }

  Map<String, Object> params() {
    return params;
  }

  Map<String, Object> currentBuild() {
    return currentBuild;
  }

  void echo(String message) {
    log.line(message);
  }

  void error(String message) {
    throw new PipelineError(message);
  }

  void unstable(String message) {
    log.line("WARNING: " + message);
    if (currentBuild.get("result") == null) {
      currentBuild.put("result", "UNSTABLE");
    }
  }

  Object withEnv(List<?> variables, Closure<?> body) {
    Map<String, String> overlay = new LinkedHashMap<>();
    for (Object v : variables) {
      String text = String.valueOf(v);
      int eq = text.indexOf('=');
      overlay.put(text.substring(0, eq), text.substring(eq + 1));
    }
    overlays().push(overlay);
    try {
      return block(body);
    } finally {
      overlays().pop();
    }
  }

  static Map<String, Object> sshUserPrivateKey(Map<String, Object> binding) {
    Map<String, Object> b = new LinkedHashMap<>(binding);
    b.put("$class", "SSHUserPrivateKeyBinding");
    return b;
  }

  /**
   * {@code string(...)}: a credentials binding (with {@code credentialsId}) or, as in Jenkins, a
   * string parameter (of {@code input} or {@code parameters}).
   */
  static Map<String, Object> string(Map<String, Object> binding) {
    Map<String, Object> b = new LinkedHashMap<>(binding);
    b.put(
        "$class",
        binding.containsKey("credentialsId") ? "StringBinding" : "StringParameterDefinition");
    return b;
  }

  /**
   * Binds credentials for the block: an SSH key goes to a file of its own, mode 0400, under {@code
   * WORKSPACE@tmp/secretFiles/UUID/}, deleted when the block ends, however it ends; a secret text
   * goes into the variable it names.
   */
  Object withCredentials(List<Map<String, Object>> bindings, Closure<?> body) {
    Map<String, String> overlay = new LinkedHashMap<>();
    List<Path> dirs = new ArrayList<>();
    // what Jenkins masks in the log while the block runs: every bound secret; a bound username too
    // (as with "Treat username as secret", the case where masking eats the job's output)
    List<String> masked = new ArrayList<>();
    try {
      for (Map<String, Object> b : bindings) {
        String id = String.valueOf(b.get("credentialsId"));
        if ("StringBinding".equals(b.get("$class"))) {
          String secret = secretTexts.get(id);
          if (secret == null) {
            throw new PipelineError("Could not find credentials entry with ID '" + id + "'");
          }
          overlay.put(String.valueOf(b.get("variable")), secret);
          masked.add(secret);
          continue;
        }
        if (!"SSHUserPrivateKeyBinding".equals(b.get("$class"))) {
          throw new IllegalArgumentException("this stand-in binds SSH keys and texts only: " + b);
        }
        SshCredential c = credentials.get(id);
        if (c == null) {
          throw new PipelineError("Could not find credentials entry with ID '" + id + "'");
        }
        Path dir = tmp.resolve("secretFiles").resolve(UUID.randomUUID().toString());
        Files.createDirectories(dir);
        dirs.add(dir);
        Path key = dir.resolve("ssh-key-" + b.get("keyFileVariable"));
        Files.writeString(key, c.privateKey());
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("r--------"));
        keyFilesWritten.add(key);
        overlay.put(String.valueOf(b.get("keyFileVariable")), key.toString());
        if (b.get("usernameVariable") != null) {
          overlay.put(String.valueOf(b.get("usernameVariable")), c.user());
          masked.add(c.user());
        }
        if (b.get("passphraseVariable") != null) {
          overlay.put(
              String.valueOf(b.get("passphraseVariable")),
              c.passphrase() == null ? "" : c.passphrase());
          if (c.passphrase() != null) {
            masked.add(c.passphrase());
          }
        }
      }
      overlays().push(overlay);
      log.mask(masked);
      try {
        return block(body);
      } finally {
        log.unmask(masked);
        overlays().pop();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      for (Path dir : dirs) {
        deleteTree(dir);
      }
    }
  }

  /**
   * The SSH Agent plugin's {@code sshagent}: a real OpenSSH ssh-agent is started for the block,
   * loaded with each credential's key ({@code ssh-add}; with its passphrase, when it has one, the
   * stand-in refuses, as no test needs it), and {@code SSH_AUTH_SOCK} names its socket inside the
   * block; the agent ends with the block, however it ends. No key file is left anywhere.
   */
  Object sshagent(List<String> ids, Closure<?> body) {
    try (io.examlops.fleet.transport.SshAgentProcess agent =
        io.examlops.fleet.transport.SshAgentProcess.start()) {
      for (String id : ids) {
        SshCredential c = credentials.get(id);
        if (c == null) {
          throw new PipelineError("Could not find credentials entry with ID '" + id + "'");
        }
        if (c.passphrase() != null) {
          throw new IllegalArgumentException("this sshagent stand-in loads unprotected keys only");
        }
        Path key = Files.createTempFile(tmp, "sshagent", "");
        try {
          Files.writeString(key, c.privateKey());
          agent.add(key);
        } finally {
          Files.deleteIfExists(key);
        }
      }
      overlays().push(Map.of("SSH_AUTH_SOCK", agent.socket().toString()));
      try {
        return block(body);
      } finally {
        overlays().pop();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting ssh-agent", e);
    }
  }

  Object readJson(Map<String, Object> args) {
    if (!Boolean.TRUE.equals(args.get("returnPojo"))) {
      // Without returnPojo, Jenkins' readJSON gives net.sf.json objects, whose JSON null is not
      // Groovy's null: the library must ask for plain values.
      throw new IllegalArgumentException("readJSON without returnPojo: true: " + args.keySet());
    }
    Object text = args.get("text");
    try {
      // plain maps and lists, as readJSON's returnPojo gives: they are saved with the program
      return new com.fasterxml.jackson.databind.ObjectMapper()
          .readValue(
              text != null ? text.toString() : readFile(args.get("file").toString()), Object.class);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new PipelineError("readJSON: " + e.getOriginalMessage());
    }
  }

  void writeFile(String file, String text) {
    try {
      Path path = here().resolve(file);
      Files.createDirectories(path.getParent());
      Files.writeString(path, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String readFile(String file) {
    try {
      return Files.readString(here().resolve(file));
    } catch (IOException e) {
      throw new PipelineError("readFile: " + e);
    }
  }

  boolean fileExists(String file) {
    return Files.exists(here().resolve(file));
  }

  Object stage(String name, Closure<?> body) {
    log.line("[Pipeline] { (" + name + ")");
    overlays().push(Map.of("STAGE_NAME", name));
    try {
      return block(body);
    } finally {
      overlays().pop();
      log.line("[Pipeline] } (" + name + ")");
    }
  }

  /**
   * {@code node(label) { }}: the block holds an executor of an agent with that label, as Jenkins
   * allocates one; {@link #inputsInsideANode} counts the inputs that waited holding one.
   */
  Object node(String label, Closure<?> body) {
    log.line("[Pipeline] node (" + label + ")");
    nodesHeld.set(nodesHeld.get() + 1);
    try {
      return block(body);
    } finally {
      nodesHeld.set(nodesHeld.get() - 1);
      log.line("[Pipeline] // node");
    }
  }

  /** Inputs that waited inside a labelled {@code node} block, holding an executor meanwhile. */
  public int inputsInsideANode() {
    return inputsInsideANode.get();
  }

  /** Aborts the build when the block runs past its time, as the timeout step does. */
  Object timeout(Map<String, Object> args, Closure<?> body) {
    long time = Long.parseLong(String.valueOf(args.get("time")));
    TimeUnit unit = TimeUnit.valueOf(String.valueOf(args.getOrDefault("unit", "MINUTES")));
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    timer.schedule(
        () -> {
          log.line("Timeout has been exceeded");
          abort();
          return null;
        },
        time,
        unit);
    try {
      return block(body);
    } finally {
      timer.shutdownNow();
    }
  }

  void publishHtml(Map<String, Object> args) {
    publishedHtml.add(args);
  }

  /**
   * Runs a script as Jenkins' sh step does: {@code sh -xe SCRIPT} (or the script's own #! line), in
   * the workspace, with the build's environment; output into the log as it comes (stdout returned
   * instead with {@code returnStdout}); a non-zero exit fails the step unless {@code returnStatus}.
   */
  Object sh(Map<?, ?> args) {
    if (aborted) {
      throw new PipelineAborted("Aborted by user");
    }
    shRuns.incrementAndGet();
    String script = String.valueOf(args.get("script"));
    boolean returnStdout = Boolean.TRUE.equals(args.get("returnStdout"));
    boolean returnStatus = Boolean.TRUE.equals(args.get("returnStatus"));
    Path dir = tmp.resolve("durable-" + UUID.randomUUID().toString().substring(0, 8));
    try {
      Files.createDirectories(dir);
      Path file = dir.resolve("script.sh");
      Files.writeString(file, script);
      List<String> command =
          script.startsWith("#!")
              ? List.of("sh", file.toString())
              : List.of("sh", "-xe", file.toString());
      Files.createDirectories(here());
      ProcessBuilder builder = new ProcessBuilder(command).directory(here().toFile());
      builder.environment().clear();
      builder.environment().putAll(env());
      if (!returnStdout) {
        builder.redirectErrorStream(true);
      }
      Process p = builder.start();
      running = p;
      runningAll.add(p);
      p.getOutputStream().close();
      StringBuilder stdout = new StringBuilder();
      Thread out = pump(p.getInputStream(), returnStdout ? stdout::append : log::append);
      Thread err = returnStdout ? pump(p.getErrorStream(), log::append) : null;
      int code = p.waitFor();
      out.join();
      if (err != null) {
        err.join();
      }
      running = null;
      runningAll.remove(p);
      if (aborted) {
        throw new PipelineAborted("Aborted by user");
      }
      if (returnStatus) {
        return code;
      }
      if (code != 0) {
        throw new PipelineError("script returned exit code " + code);
      }
      return returnStdout ? stdout.toString() : null;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PipelineAborted("interrupted");
    } finally {
      deleteTree(dir);
    }
  }

  // --- junit, archiveArtifacts, parallel, lock (the library's examples use them) ------------

  private static final Map<String, java.util.concurrent.locks.ReentrantLock> LOCKS =
      new java.util.concurrent.ConcurrentHashMap<>();
  private final List<String> testReports = new CopyOnWriteArrayList<>();
  private final List<String> artifacts = new CopyOnWriteArrayList<>();

  /** Sets variables for what follows on this thread (a declarative environment block). */
  void pushEnv(Map<String, String> variables) {
    overlays().push(variables);
  }

  void popEnv() {
    overlays().pop();
  }

  /** As {@code pipeline { ... }}: a Declarative Pipeline (see {@link Declarative}). */
  void declarative(Object script, Closure<?> body) {
    new Declarative(this, script).run(body);
  }

  /** As the milestone step: logged (one build at a time passes it in Jenkins). */
  void milestone(Object label) {
    log.line("[Pipeline] milestone " + label);
  }

  /** The build's description ({@code currentBuild.description}), or {@code null}. */
  public String description() {
    Object d = currentBuild.get("description");
    return d == null ? null : d.toString();
  }

  /** The JUnit reports the junit step recorded (their text). */
  public List<String> testReports() {
    return List.copyOf(testReports);
  }

  /** The files archiveArtifacts kept, relative to the workspace. */
  public List<String> artifacts() {
    return List.copyOf(artifacts);
  }

  /**
   * As the junit step: records the reports the pattern names (one file or a directory's *.xml);
   * none found fails the step (unless allowEmptyResults); a failed test case marks the build
   * UNSTABLE.
   */
  void junit(String pattern, boolean allowEmpty) {
    List<Path> files = matching(pattern);
    if (files.isEmpty() && !allowEmpty) {
      throw new PipelineError("No test report files were found. Configuration error?");
    }
    int failed = 0;
    for (Path f : files) {
      String xml = readFile(workspace.relativize(f).toString());
      testReports.add(xml);
      failed += xml.split("<failure", -1).length - 1;
    }
    log.line("Recording test results: " + files.size() + " file(s), " + failed + " failure(s)");
    if (failed > 0) {
      unstable(failed + " test(s) failed");
    }
  }

  /** As archiveArtifacts: keeps the files the pattern names; none fails the step. */
  void archiveArtifacts(String pattern, boolean allowEmpty) {
    List<Path> files = matching(pattern);
    if (files.isEmpty() && !allowEmpty) {
      throw new PipelineError("No artifacts found that match the file pattern \"" + pattern + "\"");
    }
    files.forEach(f -> artifacts.add(workspace.relativize(f).toString()));
  }

  /**
   * Workspace files a pattern of comma-separated globs names (Ant's ** as Java's glob reads it).
   */
  private List<Path> matching(String pattern) {
    List<Path> found = new ArrayList<>();
    for (String glob : pattern.split(",")) {
      java.nio.file.PathMatcher m =
          workspace.getFileSystem().getPathMatcher("glob:" + glob.strip().replace("**/", "{**/,}"));
      try (Stream<Path> all = Files.walk(workspace)) {
        all.filter(Files::isRegularFile)
            .filter(f -> m.matches(workspace.relativize(f)))
            .forEach(found::add);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return found;
  }

  /**
   * As the parallel step: each branch in a thread of its own, with the caller's environment; waits
   * for all, then fails as the first failed branch did (an abort wins).
   */
  Object parallel(Map<String, Closure<?>> branches) {
    Deque<Map<String, String>> outer = new ArrayDeque<>(overlays());
    Map<String, Throwable> failures = new java.util.concurrent.ConcurrentHashMap<>();
    List<Thread> threads = new ArrayList<>();
    for (Map.Entry<String, Closure<?>> branch : branches.entrySet()) {
      if ("failFast".equals(branch.getKey())) {
        continue;
      }
      Thread t =
          new Thread(
              () -> {
                overlays().addAll(outer);
                try {
                  block(branch.getValue());
                } catch (Throwable e) {
                  failures.put(branch.getKey(), e);
                }
              },
              "parallel-" + branch.getKey());
      threads.add(t);
      t.start();
    }
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new PipelineAborted("interrupted");
      }
    }
    for (Throwable e : failures.values()) {
      if (e instanceof PipelineAborted a) {
        throw a;
      }
    }
    for (Map.Entry<String, Throwable> f : failures.entrySet()) {
      log.line("Failed in branch " + f.getKey());
      if (f.getValue() instanceof RuntimeException r) {
        throw r;
      }
      throw new AssertionError(f.getValue());
    }
    return null;
  }

  /**
   * As the lock step (Lockable Resources): one holder of a resource at a time, across every build
   * of this stand-in Jenkins.
   */
  Object lock(String resource, Closure<?> body) {
    java.util.concurrent.locks.ReentrantLock lock =
        LOCKS.computeIfAbsent(resource, r -> new java.util.concurrent.locks.ReentrantLock(true));
    log.line("Trying to acquire lock on [Resource: " + resource + "]");
    lock.lock();
    log.line("Lock acquired on [Resource: " + resource + "]");
    try {
      return block(body);
    } finally {
      lock.unlock();
      log.line("Lock released on resource [Resource: " + resource + "]");
    }
  }

  private static Thread pump(InputStream in, Consumer<String> sink) {
    Thread t =
        new Thread(
            () -> {
              byte[] buffer = new byte[8192];
              try (in) {
                int n;
                while ((n = in.read(buffer)) > 0) {
                  sink.accept(new String(buffer, 0, n, StandardCharsets.UTF_8));
                }
              } catch (IOException e) {
                sink.accept("[stand-in: output lost: " + e + "]\n");
              }
            });
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(f);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // --- the input step (Pipeline: Input Step) ---------------------------------------------------

  private final Map<String, List<String>> users = new HashMap<>();
  private final java.util.Set<String> administrators = new java.util.HashSet<>();
  private final java.util.Set<String> cancellers = new java.util.HashSet<>();
  private final java.util.concurrent.BlockingQueue<InputRequest> inputsWaiting =
      new java.util.concurrent.LinkedBlockingQueue<>();
  private final Map<String, InputRequest> inputsOpen =
      new java.util.concurrent.ConcurrentHashMap<>();

  /** A Jenkins user and the groups its security realm gives it. */
  public Pipeline withUser(String user, String... groups) {
    users.put(user, List.of(groups));
    return this;
  }

  /** A Jenkins user with Job/Cancel on the job: Jenkins lets it abort the build's inputs. */
  public Pipeline withCanceller(String user) {
    users.putIfAbsent(user, List.of());
    cancellers.add(user);
    return this;
  }

  /**
   * A Jenkins user with Overall/Administer: Jenkins lets it answer any input, whoever submitter
   * names.
   */
  public Pipeline withAdministrator(String user) {
    users.putIfAbsent(user, List.of());
    administrators.add(user);
    return this;
  }

  /**
   * An {@code input} step the build waits on, as its page in Jenkins shows it, until someone
   * answers: {@link #proceed} or {@link #abort(String)}.
   */
  public final class InputRequest {
    private final Map<String, Object> args;
    private final java.util.concurrent.CompletableFuture<Object> answer =
        new java.util.concurrent.CompletableFuture<>();

    private InputRequest(Map<String, Object> args) {
      this.args = args;
    }

    public String id() {
      return String.valueOf(args.get("id"));
    }

    public String message() {
      return String.valueOf(args.get("message"));
    }

    /** The parameters' names, in order. */
    public List<String> parameters() {
      return parameterList().stream().map(d -> String.valueOf(d.get("name"))).toList();
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> parameterList() {
      Object list = args.get("parameters");
      return list == null ? List.of() : (List<Map<String, Object>>) list;
    }

    /**
     * Clicks Proceed as {@code user} with these values (the others keep their defaults), as Jenkins
     * does: a user neither named in {@code submitter} nor in a group it names (nor a Jenkins
     * administrator) is refused and the build keeps waiting; a choice must be one offered.
     */
    public void proceed(String user, Map<String, Object> values) {
      requireMaySettle(user);
      Map<String, Object> result = new LinkedHashMap<>();
      for (Map<String, Object> d : parameterList()) {
        String name = String.valueOf(d.get("name"));
        Object value = values.containsKey(name) ? values.get(name) : defaultOf(d);
        if ("ChoiceParameterDefinition".equals(d.get("$class"))
            && !choices(d).contains(String.valueOf(value))) {
          throw new InputRefused("'" + value + "' is not a choice of " + name + ": " + choices(d));
        }
        result.put(name, value);
      }
      if (!values.keySet().stream().allMatch(result::containsKey)) {
        throw new InputRefused("the input has no parameter among " + values.keySet());
      }
      Object submitterParameter = args.get("submitterParameter");
      if (submitterParameter != null) {
        result.put(String.valueOf(submitterParameter), user);
      }
      settle(
          user,
          result.isEmpty()
              ? null
              : result.size() == 1 && submitterParameter == null
                  ? result.values().iterator().next()
                  : result);
    }

    /**
     * Clicks Abort as {@code user}: the build is aborted, as Jenkins does, if the user may: one who
     * may answer, or one with Job/Cancel on the job (Jenkins' input step lets them abort).
     */
    public void abort(String user) {
      if (!cancellers.contains(user) || !inputsOpen.containsKey(id())) {
        requireMaySettle(user);
      }
      log.line("Aborted by " + user);
      answer.completeExceptionally(new PipelineAborted("Aborted by " + user));
      inputsOpen.remove(id());
    }

    private void settle(String user, Object value) {
      inputsOpen.remove(id());
      log.line("Approved by " + user);
      answer.complete(value);
    }

    private void requireMaySettle(String user) {
      if (!inputsOpen.containsKey(id())) {
        throw new InputRefused("the input " + id() + " is not waiting");
      }
      Object submitter = args.get("submitter");
      if (submitter == null || administrators.contains(user)) {
        return;
      }
      List<String> groups = users.getOrDefault(user, List.of());
      for (String allowed : String.valueOf(submitter).split(",")) {
        String a = allowed.strip();
        if (a.equalsIgnoreCase(user) || groups.stream().anyMatch(a::equalsIgnoreCase)) {
          return;
        }
      }
      throw new InputRefused("You need to be " + submitter + " to submit this.");
    }

    private Object defaultOf(Map<String, Object> d) {
      return "ChoiceParameterDefinition".equals(d.get("$class"))
          ? choices(d).get(0)
          : d.getOrDefault("defaultValue", "");
    }
  }

  private static List<String> choices(Map<String, Object> d) {
    Object choices = d.get("choices");
    return choices instanceof List<?> l
        ? l.stream().map(String::valueOf).toList()
        : List.of(String.valueOf(choices).split("\n"));
  }

  /** Jenkins refused an answer to an input (403 in its UI): the build still waits. */
  public static final class InputRefused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InputRefused(String message) {
      super(message);
    }
  }

  /** The next input the build waits on; fails when none comes within the time given. */
  public InputRequest awaitInput(java.time.Duration within) throws InterruptedException {
    long deadline = System.nanoTime() + within.toNanos();
    while (System.nanoTime() < deadline) {
      InputRequest next = inputsWaiting.poll(100, TimeUnit.MILLISECONDS);
      if (next != null) {
        return next;
      }
      if (finished) {
        throw new AssertionError("the build ended without asking for input:\n" + log);
      }
    }
    throw new AssertionError("the build asked for no input within " + within + ":\n" + log);
  }

  /** Waits for an answer, as the input step does; the build's log says what it waits for. */
  Object input(Map<String, Object> args) {
    if (aborted) {
      throw new PipelineAborted("Aborted by user");
    }
    InputRequest request = new InputRequest(new LinkedHashMap<>(args));
    if (nodesHeld.get() > 0) {
      inputsInsideANode.incrementAndGet();
    }
    log.line(request.message());
    log.line("Proceed or Abort");
    inputsOpen.put(request.id(), request);
    inputsWaiting.add(request);
    try {
      return request.answer.get();
    } catch (java.util.concurrent.ExecutionException e) {
      throw (RuntimeException) e.getCause();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PipelineAborted("interrupted");
    }
  }

  static Map<String, Object> choice(Map<String, Object> definition) {
    Map<String, Object> d = new LinkedHashMap<>(definition);
    d.put("$class", "ChoiceParameterDefinition");
    return d;
  }

  // --- Declarative Pipeline (see Declarative) -------------------------------------------

  private final Map<String, Object> declaredOptions = new LinkedHashMap<>();
  private final List<String> declaredTriggers = new CopyOnWriteArrayList<>();

  void declared(Map<String, Object> options, List<String> triggers) {
    declaredOptions.putAll(options);
    declaredTriggers.addAll(triggers);
  }

  /** The {@code options} of a declarative Jenkinsfile this build ran (by option name). */
  public Map<String, Object> declaredOptions() {
    return Map.copyOf(declaredOptions);
  }

  /** The {@code cron} triggers of a declarative Jenkinsfile this build ran. */
  public List<String> declaredTriggers() {
    return List.copyOf(declaredTriggers);
  }
}
