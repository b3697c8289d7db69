package io.examlops.fleet.jenkins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import groovy.lang.Binding;
import groovy.lang.GroovyClassLoader;
import groovy.lang.GroovyShell;
import groovy.lang.Script;
import groovy.util.Expando;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.codehaus.groovy.control.CompilerConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kohsuke.groovy.sandbox.SandboxTransformer;

/**
 * {@link ScriptSecurity.Check} holds small scripts, compiled with groovy-sandbox as Jenkins
 * compiles a sandboxed library, to Jenkins' whitelist and blacklist: what Jenkins permits runs,
 * what it refuses is refused with Jenkins' message.
 */
class ScriptSecurityTest {
  /** The classes the scripts define (compiled by the shell's GroovyClassLoader), as Jenkins. */
  private static final Predicate<Class<?>> SCRIPT_CLASSES =
      type -> type.getClassLoader() instanceof GroovyClassLoader;

  private static final ScriptSecurity.Check JENKINS = new ScriptSecurity.Check(SCRIPT_CLASSES);

  /** No list at all: every member a script reaches is refused, naming the one it resolved to. */
  private static final ScriptSecurity.Check NOTHING_PERMITTED =
      new ScriptSecurity.Check(new ScriptSecurity(List.of(), List.of()), SCRIPT_CLASSES);

  private static final String NOT_PERMITTED = "Scripts not permitted to use ";

  private static Object run(ScriptSecurity.Check check, String script) {
    return run(check, script, Map.of());
  }

  private static Object run(ScriptSecurity.Check check, String script, Map<String, ?> variables) {
    CompilerConfiguration config = new CompilerConfiguration();
    config.addCompilationCustomizers(new SandboxTransformer());
    Binding binding = new Binding(new HashMap<>(variables));
    Script parsed =
        new GroovyShell(ScriptSecurityTest.class.getClassLoader(), binding, config).parse(script);
    check.register();
    try {
      return parsed.run();
    } finally {
      check.unregister();
    }
  }

  @Test
  void whatTheWhitelistNamesRuns() {
    assertThat(run(JENKINS, "[a: 1, b: 2].collect { k, v -> \"$k=$v\" }.join(',')"))
        .isEqualTo("a=1,b=2");
    assertThat(run(JENKINS, "'a b'.tokenize(' ')")).isEqualTo(List.of("a", "b"));
    assertThat(run(JENKINS, "String.valueOf(1)")).isEqualTo("1");
    assertThat(run(JENKINS, "def m = new HashMap(); m.key = 'v'; m.key")).isEqualTo("v");
    assertThat(run(JENKINS, "def l = new ArrayList(['x']); l[0] + l.size()")).isEqualTo("x1");
    assertThat(run(JENKINS, "def n = 2; \"n=$n\".toUpperCase() + '!'")).isEqualTo("N=2!");
    assertThat(run(JENKINS, "new StringBuilder('a').append('b').toString()")).isEqualTo("ab");
    assertThat(
            run(
                JENKINS,
                "def c = { toUpperCase() }; c.resolveStrategy = Closure.DELEGATE_FIRST;"
                    + " c.delegate = 'x'; c()"))
        .isEqualTo("X");
  }

  /** A build's {@code env} is a map in the stand-in: {@code env[NAME]} is the map's getAt. */
  @Test
  void indexingAMapRuns() {
    Map<String, String> env = new LinkedHashMap<>(Map.of("PATH", "/bin"));
    assertThat(run(JENKINS, "env['PATH']", Map.of("env", env))).isEqualTo("/bin");
  }

  /**
   * Indexing anything else is Groovy's {@code getAt(Object, String)}, which reads any property:
   * blacklisted (Jenkins' {@code env} is no map, hence its refusals of {@code env[NAME]}).
   */
  @Test
  void indexingAnyOtherObjectIsBlacklisted() {
    for (Object thing : new Object[] {new Object(), new Expando()}) {
      assertThatThrownBy(() -> run(JENKINS, "thing['X']", Map.of("thing", thing)))
          .isInstanceOf(SandboxRejection.class)
          .hasMessage(
              NOT_PERMITTED
                  + "staticMethod org.codehaus.groovy.runtime.DefaultGroovyMethods getAt"
                  + " java.lang.Object java.lang.String");
    }
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`', // the scripts quote with ' and "
      value = {
        // blacklisted
        "System.getenv() | staticMethod java.lang.System getenv",
        "new File('/etc/passwd').text | new java.io.File java.lang.String",
        "'id'.execute() | staticMethod org.codehaus.groovy.runtime.DefaultGroovyMethods execute"
            + " java.lang.String",
        "[1].getClass().getDeclaredMethods() | method java.lang.Class getDeclaredMethods",
        // on neither list
        "Thread.currentThread() | staticMethod java.lang.Thread currentThread",
        "new ArrayList() | new java.util.ArrayList",
      })
  void whatTheWhitelistDoesNotNameIsRefused(String script, String signature) {
    assertThatThrownBy(() -> run(JENKINS, script))
        .isInstanceOf(SandboxRejection.class)
        .hasMessage(NOT_PERMITTED + signature);
  }

  @Test
  void aBlacklistedSignatureIsRefusedEvenWhenWhitelisted() {
    String valueOf = "staticMethod java.lang.String valueOf int";
    Predicate<Class<?>> none = type -> false;
    ScriptSecurity.Check whitelisted =
        new ScriptSecurity.Check(new ScriptSecurity(List.of(valueOf), List.of()), none);
    ScriptSecurity.Check both =
        new ScriptSecurity.Check(new ScriptSecurity(List.of(valueOf), List.of(valueOf)), none);

    assertThat(run(whitelisted, "String.valueOf(1)")).isEqualTo("1");
    assertThatThrownBy(() -> run(both, "String.valueOf(1)"))
        .isInstanceOf(SandboxRejection.class)
        .hasMessage(NOT_PERMITTED + valueOf);
  }

  /**
   * The member each operation is checked as: where the receiver's most general type declares it,
   * else Groovy's extension method, a GString's String method, a map's get or put.
   */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`', // the scripts quote with ' and "
      value = {
        "[key: 'v'].key | method java.util.Map get java.lang.Object",
        "def m = [:]; m.key = 'v' | method java.util.Map put java.lang.Object java.lang.Object",
        "['x'][0] | staticMethod org.codehaus.groovy.runtime.DefaultGroovyMethods getAt"
            + " java.util.List int",
        "[1, 2].size() | method java.util.Collection size",
        "'abc'.length() | method java.lang.CharSequence length",
        // groovy-sandbox checks a comparison as compareTo for a Comparable, else as equals
        "[1] == [2] | method java.lang.Object equals java.lang.Object",
        "'a' == 'b' | method java.lang.Comparable compareTo java.lang.Object",
        "\"${1}\" + '!' | method groovy.lang.GString plus java.lang.String",
        "\"${1}\".toUpperCase() | method java.lang.String toUpperCase",
        "Closure.DELEGATE_FIRST | staticField groovy.lang.Closure DELEGATE_FIRST",
        "String.valueOf('x') | staticMethod java.lang.String valueOf java.lang.Object",
        "String.format('%s-%s', 1, 2) | staticMethod java.lang.String format java.lang.String"
            + " java.lang.Object[]",
      })
  void eachUseIsCheckedAsTheMemberItResolvesTo(String script, String signature) {
    assertThatThrownBy(() -> run(NOTHING_PERMITTED, script))
        .isInstanceOf(SandboxRejection.class)
        .hasMessage(NOT_PERMITTED + signature);
  }

  @Test
  void numbersAddWithoutAMemberToCheck() {
    assertThat(run(NOTHING_PERMITTED, "1 + 2")).isEqualTo(3);
  }

  /** A class of the script's own, like the library's {@code src/} classes, is trusted. */
  @Test
  void theScriptsOwnClassesAreTrusted() {
    String script =
        "class Greeter { String name; String greet() { \"hi $name\" } }\n"
            + "def g = new Greeter(); g.name = 'x'; g.greet() + g.name";
    assertThat(run(JENKINS, script)).isEqualTo("hi xx");
    ScriptSecurity.Check trustingNothing = new ScriptSecurity.Check(type -> false);
    assertThatThrownBy(() -> run(trustingNothing, script))
        .isInstanceOf(SandboxRejection.class)
        .hasMessage(NOT_PERMITTED + "new Greeter");
  }

  /**
   * A method a GroovyObject lacks goes to its invokeMethod, which the blacklist names; Jenkins says
   * which method that was.
   */
  @Test
  void aMissingMethodOfAGroovyObjectIsItsInvokeMethod() {
    assertThatThrownBy(() -> run(JENKINS, "thing.foo(1)", Map.of("thing", new Expando())))
        .isInstanceOf(SandboxRejection.class)
        .hasMessage(
            NOT_PERMITTED
                + "method groovy.lang.GroovyObject invokeMethod java.lang.String java.lang.Object"
                + " (groovy.util.Expando foo java.lang.Integer)");
  }
}
