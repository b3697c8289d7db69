package io.examlops.fleet.jenkins;

import groovy.lang.Closure;
import groovy.lang.GString;
import groovy.lang.GroovyObject;
import groovy.lang.MissingMethodException;
import groovy.lang.MissingPropertyException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.codehaus.groovy.runtime.DefaultGroovyMethods;
import org.codehaus.groovy.runtime.MetaClassHelper;
import org.kohsuke.groovy.sandbox.GroovyInterceptor;

/**
 * Jenkins' script-security sandbox rules, which Jenkins applies to a shared library configured on a
 * folder: the Script Security plugin's generic whitelist and blacklist (copied under {@code
 * script-security/} on the test class path, see its README), and {@link Check}, a groovy-sandbox
 * interceptor that refuses what the plugin's {@code SandboxInterceptor} refuses.
 *
 * <p>Check looks members up as the plugin does (its {@code GroovyCallSiteSelector}), so that what
 * it refuses, and the message, are Jenkins' own: a member is checked where the receiver's most
 * general type declares it ({@code method java.util.Map get java.lang.Object} for any map's {@code
 * get}); a name the receiver's class lacks is looked for among Groovy's extension methods ({@code
 * staticMethod org.codehaus.groovy.runtime.DefaultGroovyMethods ...}).
 */
final class ScriptSecurity {
  /** The lists as Jenkins ships them. */
  static final ScriptSecurity JENKINS =
      new ScriptSecurity(lines("generic-whitelist"), lines("blacklist"));

  /**
   * Jenkins' lists, with what Jenkins Pipeline itself permits beside them ({@code
   * script-security/pipeline-whitelist}: workflow-cps' own whitelist, and its {@code env}'s
   * {@code @Whitelisted} property access, as the stand-in's {@code env} spells it).
   */
  static ScriptSecurity pipeline() {
    List<String> pipeline = lines("pipeline-whitelist");
    List<String> whitelist = new java.util.ArrayList<>(lines("generic-whitelist"));
    whitelist.addAll(pipeline);
    // Pipeline permits these before any list is read: the blacklist (one of them, asType, is on
    // it) does not apply to them
    return new ScriptSecurity(
        whitelist, lines("blacklist").stream().filter(l -> !pipeline.contains(l.trim())).toList());
  }

  private final Set<String> whitelist;
  private final Set<String> blacklist;

  /** Lists of lines in the plugin's format ({@code StaticWhitelist}); see {@link #signatures}. */
  ScriptSecurity(List<String> whitelist, List<String> blacklist) {
    this.whitelist = signatures(whitelist);
    this.blacklist = signatures(blacklist);
  }

  /**
   * Whether a sandboxed script may use the member with this signature, with no administrator's
   * approval. A blacklisted signature never is, even when a whitelist names it too.
   */
  boolean permits(String signature) {
    return whitelist.contains(signature) && !blacklist.contains(signature);
  }

  private static List<String> lines(String list) {
    String path = "/script-security/" + list;
    try (InputStream in = ScriptSecurity.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException(path + " is not on the class path");
      }
      return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The signatures of a list: one a line, {@code method CLASS NAME PARAMETER-TYPES...}, {@code
   * staticMethod ...} likewise, {@code new CLASS PARAMETER-TYPES...}, {@code field CLASS NAME} or
   * {@code staticField CLASS NAME}, one space apart, with types as {@link #typeName} writes them
   * ({@code java.lang.Object[]}); blank lines and lines starting with {@code #} skipped. A line is
   * kept as it is: it matches the signature {@link #signature} builds for the member it names.
   */
  private static Set<String> signatures(List<String> lines) {
    Set<String> signatures = new LinkedHashSet<>();
    for (String line : lines) {
      String signature = line.trim();
      if (signature.isEmpty() || signature.startsWith("#")) {
        continue;
      }
      String[] words = signature.split(" ", -1);
      boolean wellFormed =
          switch (words[0]) {
            case "method", "staticMethod" -> words.length >= 3;
            case "new" -> words.length >= 2;
            case "field", "staticField" -> words.length == 3;
            default -> false;
          };
      // the plugin also reads "*" as any method or field name; these lists have none, and this
      // class matches lines as they are, so such a line is an error rather than one that never
      // matches
      boolean wildcard = !words[0].equals("new") && words.length >= 3 && words[2].equals("*");
      if (!wellFormed || wildcard || List.of(words).contains("")) {
        throw new IllegalArgumentException("not a script-security signature: " + line);
      }
      signatures.add(signature);
    }
    return Set.copyOf(signatures);
  }

  /** A member as the lists name it: {@code staticMethod java.lang.String valueOf int}. */
  static String signature(Member member) {
    String owner = typeName(member.getDeclaringClass());
    boolean isStatic = Modifier.isStatic(member.getModifiers());
    if (member instanceof Field) {
      return (isStatic ? "staticField " : "field ") + owner + " " + member.getName();
    }
    Executable executable = (Executable) member;
    String kind =
        executable instanceof Constructor
            ? "new " + owner
            : (isStatic ? "staticMethod " : "method ") + owner + " " + member.getName();
    return kind + typeNames(Stream.of(executable.getParameterTypes()));
  }

  /** A type as the lists write it: its class name, with {@code []} for an array. */
  static String typeName(Class<?> type) {
    return type.isArray() ? typeName(type.getComponentType()) + "[]" : type.getName();
  }

  /** A value's type as the plugin's messages write it: {@code null} for null. */
  private static String typeOf(Object value) {
    return value == null ? "null" : typeName(value.getClass());
  }

  /** Each argument's type, as the plugin writes them after a name in its messages. */
  private static String argumentTypes(Object[] args) {
    return Stream.of(args).map(arg -> " " + typeOf(arg)).collect(Collectors.joining());
  }

  private static String typeNames(Stream<Class<?>> types) {
    return types.map(type -> " " + typeName(type)).collect(Collectors.joining());
  }

  /**
   * The groovy-sandbox interceptor that holds a script to these rules, as Jenkins holds a sandboxed
   * library: a call, construction, property, attribute or index on something other than a trusted
   * class is refused with a {@link SandboxRejection} unless the member it resolves to is permitted.
   * Register it on the thread that runs scripts compiled with groovy-sandbox's {@code
   * SandboxTransformer}.
   *
   * <p>groovy-sandbox itself turns some operations into others before they reach this class: a
   * map's {@code map.key} into {@code map.get(key)} ({@code map.key = v}, {@code put}), a
   * comparison into {@code compareTo} (or {@code equals}), a closure's call of a method it lacks
   * into a call on its delegate or owner.
   */
  static final class Check extends GroovyInterceptor {
    /** Groovy's arithmetic on numbers ({@code Integer.plus}): no Java member to check. */
    private static final Set<String> NUMBER_MATH =
        Set.of(
            "plus",
            "minus",
            "multiply",
            "div",
            "compareTo",
            "or",
            "and",
            "xor",
            "intdiv",
            "mod",
            "leftShift",
            "rightShift",
            "rightShiftUnsigned");

    private static final Object[] NO_ARGS = {};

    private final ScriptSecurity rules;
    private final Predicate<Class<?>> trusted;

    /**
     * @param trusted the classes whose instances (and, for a class, its constructors and static
     *     members) a script may use freely: the script's own (the Jenkinsfile, {@code vars/}, the
     *     library's {@code src/}) and what Jenkins itself gives it ({@code env}, {@code
     *     currentBuild}, the steps). Jenkins trusts them through its other whitelists.
     */
    Check(Predicate<Class<?>> trusted) {
      this(JENKINS, trusted);
    }

    Check(ScriptSecurity rules, Predicate<Class<?>> trusted) {
      this.rules = rules;
      this.trusted = trusted;
    }

    @Override
    public Object onMethodCall(Invoker invoker, Object receiver, String method, Object... args)
        throws Throwable {
      checkCall(receiver, method, args);
      return super.onMethodCall(invoker, receiver, method, args);
    }

    @Override
    @SuppressWarnings("rawtypes") // GroovyInterceptor's signature
    public Object onStaticCall(Invoker invoker, Class receiver, String method, Object... args)
        throws Throwable {
      if (!trusted.test(receiver)) {
        Method target = mostSpecific(named(receiver, method), args);
        if (target == null) {
          throw new SandboxRejection(
              "No such static method found: staticMethod "
                  + typeName(receiver)
                  + " "
                  + method
                  + argumentTypes(args));
        }
        checkPermitted(target);
      }
      return super.onStaticCall(invoker, receiver, method, args);
    }

    @Override
    @SuppressWarnings("rawtypes") // GroovyInterceptor's signature
    public Object onNewInstance(Invoker invoker, Class receiver, Object... args) throws Throwable {
      if (!trusted.test(receiver)) {
        List<Constructor<?>> constructors = List.of(receiver.getDeclaredConstructors());
        Constructor<?> constructor = mostSpecific(constructors, args);
        // Groovy's map constructor, new T(a: 1): T's constructor without parameters, then a
        // property set for each entry
        boolean mapConstructor =
            constructor == null && args.length == 1 && args[0] instanceof Map<?, ?>;
        if (mapConstructor) {
          constructor =
              constructors.stream()
                  .filter(c -> c.getParameterCount() == 0)
                  .findFirst()
                  .orElse(null);
        }
        if (constructor == null) {
          throw new SandboxRejection(
              "No such constructor found: new " + typeName(receiver) + argumentTypes(args));
        }
        checkPermitted(constructor);
        if (mapConstructor) {
          for (Map.Entry<?, ?> entry : ((Map<?, ?>) args[0]).entrySet()) {
            checkSetProperty(receiver, null, String.valueOf(entry.getKey()), entry.getValue());
          }
        }
      }
      return super.onNewInstance(invoker, receiver, args);
    }

    @Override
    public Object onGetProperty(Invoker invoker, Object receiver, String property)
        throws Throwable {
      checkGetProperty(receiver, property);
      return super.onGetProperty(invoker, receiver, property);
    }

    @Override
    public Object onSetProperty(Invoker invoker, Object receiver, String property, Object value)
        throws Throwable {
      if (!trusted.test(receiver.getClass())) {
        Class<?> statics = receiver instanceof Class<?> type ? type : null;
        checkSetProperty(receiver.getClass(), statics, property, value);
      }
      return super.onSetProperty(invoker, receiver, property, value);
    }

    @Override
    public Object onGetAttribute(Invoker invoker, Object receiver, String attribute)
        throws Throwable {
      checkAttribute(receiver, attribute);
      return super.onGetAttribute(invoker, receiver, attribute);
    }

    @Override
    public Object onSetAttribute(Invoker invoker, Object receiver, String attribute, Object value)
        throws Throwable {
      checkAttribute(receiver, attribute);
      return super.onSetAttribute(invoker, receiver, attribute, value);
    }

    @Override
    public Object onGetArray(Invoker invoker, Object receiver, Object index) throws Throwable {
      if (!checkIndex(receiver, "getAt", index)) {
        throw new SandboxRejection(
            "No such getAt method found: method " + typeOf(receiver) + "[" + typeOf(index) + "]");
      }
      return super.onGetArray(invoker, receiver, index);
    }

    @Override
    public Object onSetArray(Invoker invoker, Object receiver, Object index, Object value)
        throws Throwable {
      if (!checkIndex(receiver, "putAt", index, value)) {
        throw new SandboxRejection(
            "No such putAt method found: putAt method "
                + typeOf(receiver)
                + "["
                + typeOf(index)
                + "]="
                + typeOf(value));
      }
      return super.onSetArray(invoker, receiver, index, value);
    }

    private void checkCall(Object receiver, String method, Object[] args) {
      if (trusted.test(receiver.getClass())) {
        return;
      }
      Method target = method(receiver.getClass(), method, args);
      if (target == null && receiver instanceof GString) {
        // a GString passes the methods it lacks to its String value
        target = mostSpecific(named(String.class, method), args);
      }
      if (target != null) {
        if (!permits(target)
            && method.equals("invokeMethod")
            && args.length == 2
            && args[0] instanceof String name
            && args[1] instanceof Object[] dispatched) {
          // Jenkins names the method an invokeMethod would run
          throw SandboxRejection.notPermitted(
              signature(target)
                  + " ("
                  + typeName(receiver.getClass())
                  + " "
                  + name
                  + argumentTypes(dispatched)
                  + ")");
        }
        checkPermitted(target);
        return;
      }
      if (receiver instanceof Number && NUMBER_MATH.contains(method)) {
        return;
      }
      Candidates extensions = new Candidates();
      if (extensions.anyPermitted(extensionMethods(receiver, method, args))) {
        return;
      }
      extensions.refuseIfAny();
      // what Groovy runs when the class has no such method: a map's closure-valued entry...
      if (receiver instanceof Map<?, ?> map) {
        checkCall(map, "get", new Object[] {method});
        if (map.get(method) instanceof Closure<?> closure) {
          checkCall(closure, "call", args);
          return;
        }
      }
      // ...or a GroovyObject's invokeMethod
      if (receiver instanceof GroovyObject) {
        checkCall(receiver, "invokeMethod", new Object[] {method, args});
        return;
      }
      throw new MissingMethodException(method, receiver.getClass(), args);
    }

    private void checkGetProperty(Object receiver, String property) {
      Class<?> type = receiver.getClass();
      if (trusted.test(type) || type.isArray() && property.equals("length")) {
        return;
      }
      String name = MetaClassHelper.capitalize(property);
      Candidates candidates = new Candidates();
      boolean permitted =
          candidates.anyPermitted(
                  method(type, "get" + name, NO_ARGS),
                  booleanGetter(method(type, "is" + name, NO_ARGS)))
              || candidates.anyPermitted(extensionMethods(receiver, "get" + name, NO_ARGS))
              || candidates.anyPermitted(
                  extensionMethods(receiver, "is" + name, NO_ARGS).stream()
                      .map(Check::booleanGetter)
                      .toList())
              || candidates.anyPermitted(field(type, property))
              || candidates.anyPermitted(
                  type.getName() + "." + property,
                  own(type, "getProperty", String.class),
                  method(type, "getProperty", new Object[] {property}))
              || receiver instanceof Class<?> statics
                  && candidates.anyPermitted(
                      mostSpecific(named(statics, "get" + name), NO_ARGS),
                      booleanGetter(mostSpecific(named(statics, "is" + name), NO_ARGS)),
                      declaredField(statics, property));
      if (!permitted) {
        candidates.refuseIfAny();
        throw noSuchField(type, property);
      }
    }

    /**
     * Checks {@code receiver.property = value} for a receiver of this type, and, when the receiver
     * is a class ({@code statics}, else null), its static setter or field too.
     */
    private void checkSetProperty(Class<?> type, Class<?> statics, String property, Object value) {
      String setter = "set" + MetaClassHelper.capitalize(property);
      Object[] valueArg = {value};
      Candidates candidates = new Candidates();
      boolean permitted =
          candidates.anyPermitted(setter(allNamed(type, setter), method(type, setter, valueArg)))
              || candidates.anyPermitted(
                  type.getName() + "." + property,
                  own(type, "setProperty", String.class, Object.class),
                  method(type, "setProperty", new Object[] {property, value}))
              || candidates.anyPermitted(field(type, property))
              || statics != null
                  && candidates.anyPermitted(
                      setter(
                          named(statics, setter), mostSpecific(named(statics, setter), valueArg)),
                      declaredField(statics, property));
      if (!permitted) {
        candidates.refuseIfAny();
        throw noSuchField(type, property);
      }
    }

    private void checkAttribute(Object receiver, String attribute) {
      Class<?> type = receiver.getClass();
      if (trusted.test(type)) {
        return;
      }
      Candidates candidates = new Candidates();
      if (!candidates.anyPermitted(
          field(type, attribute),
          receiver instanceof Class<?> statics ? declaredField(statics, attribute) : null)) {
        candidates.refuseIfAny();
        throw noSuchField(type, attribute);
      }
    }

    /**
     * Checks {@code receiver[index]} ({@code getAt}) or {@code receiver[index] = value} ({@code
     * putAt}); false when no such method exists.
     */
    private boolean checkIndex(Object receiver, String method, Object... args) {
      if (trusted.test(receiver.getClass())
          || receiver.getClass().isArray() && args[0] instanceof Integer) {
        return true;
      }
      Method target = method(receiver.getClass(), method, args);
      if (target != null) {
        checkPermitted(target);
        return true;
      }
      Candidates extensions = new Candidates();
      if (extensions.anyPermitted(extensionMethods(receiver, method, args))) {
        return true;
      }
      extensions.refuseIfAny();
      return false;
    }

    /**
     * Whether a script may use the member: one a trusted class declares (as Jenkins permits what
     * the script's own class loader defines), else one the lists permit.
     */
    private boolean permits(Member member) {
      return trusted.test(member.getDeclaringClass()) || rules.permits(signature(member));
    }

    private void checkPermitted(Member member) {
      if (!permits(member)) {
        throw SandboxRejection.notPermitted(signature(member));
      }
    }

    /**
     * The members an operation may end in: it is allowed when one of them is permitted, else
     * refused with the first one found, as Jenkins reports it.
     */
    private final class Candidates {
      private String refused;

      boolean anyPermitted(Member... members) {
        return anyPermitted(null, members);
      }

      boolean anyPermitted(List<? extends Member> members) {
        return anyPermitted(members.toArray(Member[]::new));
      }

      /** {@code detail}: what Jenkins adds to such a refusal, in parentheses; null for nothing. */
      boolean anyPermitted(String detail, Member... members) {
        for (Member member : members) {
          if (member == null) {
            continue;
          }
          if (permits(member)) {
            return true;
          }
          if (refused == null) {
            refused = signature(member) + (detail == null ? "" : " (" + detail + ")");
          }
        }
        return false;
      }

      void refuseIfAny() {
        if (refused != null) {
          throw SandboxRejection.notPermitted(refused);
        }
      }
    }

    private static MissingPropertyException noSuchField(Class<?> type, String property) {
      return new MissingPropertyException(
          "No such field found: field " + typeName(type) + " " + property);
    }

    /** A getter {@code isX} counts only when it returns a boolean, as for Groovy. */
    private static Method booleanGetter(Method method) {
      return method != null && method.getReturnType() == boolean.class ? method : null;
    }

    /**
     * The setter Groovy uses: the only one-argument method of that name, whatever the value (Groovy
     * converts it), else the one the value selects.
     */
    private static Method setter(List<Method> sameName, Method selected) {
      List<Method> oneArgument = sameName.stream().filter(m -> m.getParameterCount() == 1).toList();
      return oneArgument.size() == 1 ? oneArgument.get(0) : selected;
    }
  }

  // --- finding the member Groovy would use, as the plugin's GroovyCallSiteSelector does ---------

  /**
   * A class and all its supertypes, supertypes first, each once: the order in which the plugin
   * looks a member up, so that a member is checked where it is first declared.
   */
  private static Set<Class<?>> supertypesFirst(Class<?> type) {
    Set<Class<?>> types = new LinkedHashSet<>();
    addSupertypesFirst(type, types);
    return types;
  }

  private static void addSupertypesFirst(Class<?> type, Set<Class<?>> types) {
    if (type.getSuperclass() != null) {
      addSupertypesFirst(type.getSuperclass(), types);
    }
    for (Class<?> implemented : type.getInterfaces()) {
      addSupertypesFirst(implemented, types);
    }
    types.add(type);
  }

  /**
   * The method {@code name(args)} on an instance of type runs, or null: the closest match among the
   * methods of that name in the first type (supertypes first) that has one that fits.
   */
  /**
   * The method as the receiver's own class declares it, or null: Jenkins whitelists some of its
   * objects' property access where they override it ({@code env}'s {@code getProperty}).
   */
  private static Method own(Class<?> type, String name, Class<?>... parameters) {
    try {
      return type.getDeclaredMethod(name, parameters);
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  private static Method method(Class<?> type, String name, Object[] args) {
    for (Class<?> declaring : supertypesFirst(type)) {
      Method method = mostSpecific(named(declaring, name), args);
      if (method != null) {
        return method;
      }
    }
    return null;
  }

  /** Every method of that name that type or its supertypes declare. */
  private static List<Method> allNamed(Class<?> type, String name) {
    List<Method> methods = new ArrayList<>();
    supertypesFirst(type).forEach(declaring -> methods.addAll(named(declaring, name)));
    return methods;
  }

  /**
   * The extension methods ({@code DefaultGroovyMethods} and its siblings) {@code self.name(args)}
   * may run: in each such class, the closest match taking self as its first argument.
   */
  private static List<Method> extensionMethods(Object self, String name, Object[] args) {
    Object[] selfAndArgs = new Object[args.length + 1];
    selfAndArgs[0] = self;
    System.arraycopy(args, 0, selfAndArgs, 1, args.length);
    List<Method> methods = new ArrayList<>();
    for (Class<?> extensions : DefaultGroovyMethods.DGM_LIKE_CLASSES) {
      Method method = mostSpecific(named(extensions, name), selfAndArgs);
      if (method != null) {
        methods.add(method);
      }
    }
    return methods;
  }

  /** The methods of that name type declares, whatever their access, as the plugin sees them. */
  private static List<Method> named(Class<?> type, String name) {
    return Stream.of(type.getDeclaredMethods()).filter(m -> m.getName().equals(name)).toList();
  }

  /** The first field of that name in type or its supertypes (supertypes first). */
  private static Field field(Class<?> type, String name) {
    return supertypesFirst(type).stream()
        .map(declaring -> declaredField(declaring, name))
        .filter(field -> field != null)
        .findFirst()
        .orElse(null);
  }

  private static Field declaredField(Class<?> type, String name) {
    return Stream.of(type.getDeclaredFields())
        .filter(field -> field.getName().equals(name))
        .findFirst()
        .orElse(null);
  }

  /** Of the candidates the arguments fit, the closest match; null when none fits. */
  private static <E extends Executable> E mostSpecific(List<E> candidates, Object[] args) {
    E best = null;
    for (E candidate : candidates) {
      if (fits(candidate, args) || spreads(candidate, args)) {
        if (best == null || closer(candidate, best, args)) {
          best = candidate;
        }
      }
    }
    return best;
  }

  /** Whether each argument fits its parameter. */
  private static boolean fits(Executable executable, Object[] args) {
    Class<?>[] parameters = executable.getParameterTypes();
    if (parameters.length != args.length) {
      return false;
    }
    for (int i = 0; i < args.length; i++) {
      if (!accepts(parameters[i], args[i])) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether the arguments fit when the trailing ones are gathered into the last parameter, an
   * array: Java's varargs, which Groovy allows for any last array parameter.
   */
  private static boolean spreads(Executable executable, Object[] args) {
    Class<?>[] parameters = executable.getParameterTypes();
    int fixed = parameters.length - 1;
    if (fixed < 0 || !parameters[fixed].isArray() || args.length < fixed) {
      return false;
    }
    for (int i = 0; i < args.length; i++) {
      Class<?> parameter = i < fixed ? parameters[i] : parameters[fixed].getComponentType();
      if (!accepts(parameter, args[i])) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether an argument fits a parameter as the plugin judges it: null any reference type, an
   * instance its type, a wrapper its primitive; an Integer also a long, a Long within int's range
   * an int, and a GString a String (Groovy converts them).
   */
  private static boolean accepts(Class<?> parameter, Object arg) {
    if (arg == null) {
      return !parameter.isPrimitive();
    }
    if (parameter.isInstance(arg) || wrapper(parameter).isInstance(arg)) {
      return true;
    }
    if (parameter == long.class) {
      return arg instanceof Integer;
    }
    if (parameter == int.class) {
      return arg instanceof Long number && number == number.intValue();
    }
    return parameter == String.class && arg instanceof GString;
  }

  /**
   * Whether candidate is a closer match than best, both fitting the arguments: without gathering
   * arguments before with it, then by the first parameter where they differ (a subtype, or int over
   * long), and, where neither is closer, by name (toString), which is how the plugin settles it:
   * {@code GString.plus(String)} wins over {@code plus(GString)}.
   */
  private static boolean closer(Executable candidate, Executable best, Object[] args) {
    boolean candidateSpreads = !fits(candidate, args);
    if (candidateSpreads != !fits(best, args)) {
      return !candidateSpreads;
    }
    Class<?>[] mine = candidate.getParameterTypes();
    Class<?>[] theirs = best.getParameterTypes();
    for (int i = 0; i < Math.min(mine.length, theirs.length); i++) {
      Class<?> a = wrapper(mine[i]);
      Class<?> b = wrapper(theirs[i]);
      if (a == b) {
        continue;
      }
      if (a.isAssignableFrom(b) || a == Long.class && b == Integer.class) {
        return false;
      }
      if (b.isAssignableFrom(a) || a == Integer.class && b == Long.class) {
        return true;
      }
    }
    return candidate.toString().compareTo(best.toString()) > 0;
  }

  /** The wrapper of a primitive type ({@code Integer} for {@code int}), else the type itself. */
  private static Class<?> wrapper(Class<?> type) {
    return MethodType.methodType(type).wrap().returnType();
  }
}
