package io.examlops.fleet.jenkins;

import com.cloudbees.groovy.cps.Continuable;
import com.cloudbees.groovy.cps.Continuation;
import com.cloudbees.groovy.cps.Envs;
import com.cloudbees.groovy.cps.ObjectInputStreamWithLoader;
import com.cloudbees.groovy.cps.Outcome;
import com.cloudbees.groovy.cps.impl.CpsCallableInvocation;
import com.cloudbees.groovy.cps.sandbox.SandboxInvoker;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.codehaus.groovy.runtime.InvokerInvocationException;
import org.kohsuke.groovy.sandbox.GroovyInterceptor;

/**
 * Runs the stand-in's Groovy as Jenkins Pipeline does: with groovy-cps' interpreter, on code that
 * {@code SandboxCpsTransformer} compiled, every call checked by script-security's rules. Each step
 * ends by suspending the program, whose whole continuation is then written out with Java
 * serialization and read back, as Jenkins saves a build after each step: a value a step leaves in a
 * local that cannot be saved (a {@code Matcher}, say) fails the build, as it fails Jenkins'.
 *
 * <p>The live continuation is resumed, not the copy read back: a body step's block (withEnv, stage,
 * parallel's branches, a declarative stage) runs as a program of its own from the stand-in's Java,
 * and those Java parts hold references that a real Jenkins saves together with the program.
 */
final class Cps {
  /** What a step suspends the program with: its result, handed back when the program resumes. */
  record StepEnd(Object value) implements Serializable {}

  /** groovy-cps' own categories, and the iterators Jenkins gives a for loop. */
  @SuppressWarnings("rawtypes")
  private static final List<Class> CATEGORIES = categories();

  @SuppressWarnings("rawtypes")
  private static List<Class> categories() {
    List<Class> all = new ArrayList<>(Continuable.categories);
    all.add(SerializableIterators.class);
    return List.copyOf(all);
  }

  private final ClassLoader loader;
  private final GroovyInterceptor sandbox;

  Cps(ClassLoader loader, GroovyInterceptor sandbox) {
    this.loader = loader;
    this.sandbox = sandbox;
  }

  /**
   * Called by a step as its last word: suspends the program (its continuation is saved) and resumes
   * it with {@code value} as the step's result.
   */
  static Object stepEnds(Object value) {
    return Continuable.suspend(new StepEnd(value));
  }

  /**
   * Runs {@code start} (a script's run, a step's call, a block) to its end under the interpreter
   * and the sandbox, and returns what it returned; what it threw is thrown.
   */
  Object run(Supplier<Object> start) {
    boolean register = !GroovyInterceptor.getApplicableInterceptors().contains(sandbox);
    if (register) {
      sandbox.register();
    }
    try {
      Continuable program;
      try {
        return start.get();
      } catch (CpsCallableInvocation invocation) {
        program =
            new Continuable(
                invocation.invoke(Envs.empty(new SandboxInvoker()), null, Continuation.HALT));
      } catch (InvokerInvocationException e) {
        // a call through Groovy's reflection wraps what the transformed method threw
        if (!(e.getCause() instanceof CpsCallableInvocation invocation)) {
          throw e;
        }
        program =
            new Continuable(
                invocation.invoke(Envs.empty(new SandboxInvoker()), null, Continuation.HALT));
      }
      Outcome outcome = program.run0(new Outcome(null, null), CATEGORIES);
      while (program.isResumable()) {
        StepEnd end = (StepEnd) outcome.getNormal();
        saved(program);
        outcome = program.run0(new Outcome(end.value(), null), CATEGORIES);
      }
      return outcome.replay();
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    } finally {
      if (register) {
        sandbox.unregister();
      }
    }
  }

  /** Writes the program out and reads it back, as Jenkins saves a build after each step. */
  private void saved(Continuable program) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(program);
    } catch (IOException e) {
      // what Jenkins fails the build with, e.g. java.io.NotSerializableException: ...Matcher
      throw new PipelineError(e.toString());
    }
    try (ObjectInputStreamWithLoader in =
        new ObjectInputStreamWithLoader(new ByteArrayInputStream(bytes.toByteArray()), loader)) {
      in.readObject();
    } catch (IOException | ClassNotFoundException e) {
      throw new PipelineError("the saved program cannot be read back: " + e);
    }
  }
}
