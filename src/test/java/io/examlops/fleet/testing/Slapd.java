package io.examlops.fleet.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real OpenLDAP {@code slapd} (Debian's) of a test's own: a child process on two free loopback
 * ports ({@code ldap://} and {@code ldaps://}), on a configuration and an mdb database in a
 * directory of the test's, with a self-signed certificate for {@code 127.0.0.1} made by openssl. It
 * refuses every password bind that is not over TLS ({@code security simple_bind=128}): a console
 * that binds on it has used LDAPS or StartTLS. Its entries are loaded with slapadd before it starts
 * and changed with ldapmodify (StartTLS) while it runs. Missing packages fail the test with how to
 * install them (never a skip).
 */
public final class Slapd implements AutoCloseable {
  public static final String SUFFIX = "dc=example,dc=org";
  public static final String ROOT_DN = "cn=admin," + SUFFIX;
  public static final String PEOPLE = "ou=people," + SUFFIX;
  public static final String GROUPS = "ou=groups," + SUFFIX;

  /** The console's own entry, which may read people and groups (and nothing else may). */
  public static final String CONSOLE_DN = "cn=console,ou=services," + SUFFIX;

  public static final String CONSOLE_PASSWORD = "the console's own bind password";
  private static final String ROOT_PASSWORD = "the directory manager's password";

  private static final Path SLAPD = Path.of("/usr/sbin/slapd");
  private static final Path SLAPADD = Path.of("/usr/sbin/slapadd");
  private static final Path LDAPMODIFY = Path.of("/usr/bin/ldapmodify");
  private static final Path SCHEMAS = Path.of("/etc/ldap/schema");

  private final Path dir;
  private final int ldapPort;
  private final int ldapsPort;
  private Process process;

  private Slapd(Path dir, int ldapPort, int ldapsPort) {
    this.dir = dir;
    this.ldapPort = ldapPort;
    this.ldapsPort = ldapsPort;
  }

  /**
   * A slapd in {@code dir} holding {@code ldif} (entries below {@link #SUFFIX}, whose own entries
   * and {@link #CONSOLE_DN} it adds), started and answering.
   */
  public static Slapd start(Path dir, String ldif) throws IOException, InterruptedException {
    for (Path p : new Path[] {SLAPD, SLAPADD, LDAPMODIFY, SCHEMAS.resolve("nis.schema")}) {
      if (!Files.exists(p)) {
        throw new AssertionError(
            p
                + " is missing: install Debian's slapd and ldap-utils"
                + " (bash scripts/testbed/install-packages.sh, as root)");
      }
    }
    Files.createDirectories(dir.resolve("db"));
    run(
        dir,
        null,
        "openssl",
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-keyout",
        dir.resolve("key.pem").toString(),
        "-out",
        dir.resolve("cert.pem").toString(),
        "-days",
        "2",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1");
    Slapd slapd = new Slapd(dir, freePort(), freePort());
    Files.writeString(dir.resolve("slapd.conf"), slapd.config());
    Files.writeString(dir.resolve("data.ldif"), base() + ldif);
    run(
        dir,
        null,
        SLAPADD.toString(),
        "-q",
        "-f",
        dir.resolve("slapd.conf").toString(),
        "-l",
        dir.resolve("data.ldif").toString());
    slapd.start();
    return slapd;
  }

  /** Starts it again (after {@link #stop()}), on the same ports and entries. */
  public void start() throws IOException, InterruptedException {
    process =
        new ProcessBuilder(
                SLAPD.toString(),
                "-d",
                "0",
                "-h",
                "ldap://127.0.0.1:" + ldapPort + "/ ldaps://127.0.0.1:" + ldapsPort + "/",
                "-f",
                dir.resolve("slapd.conf").toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("slapd.log").toFile())
            .start();
    Eventually.waitUntil(
        "slapd answers on 127.0.0.1:" + ldapPort + " (its log: " + dir.resolve("slapd.log") + ")",
        Duration.ofSeconds(20),
        () -> {
          if (!process.isAlive()) {
            throw new AssertionError("slapd stopped: " + log());
          }
          return answers(ldapPort) && answers(ldapsPort);
        });
  }

  /** Stops it: the directory cannot be reached until {@link #start()}. */
  public void stop() throws InterruptedException {
    if (process != null && process.isAlive()) {
      process.destroy();
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
      }
    }
  }

  @Override
  public void close() throws InterruptedException {
    stop();
  }

  /** {@code ldap://127.0.0.1:PORT} (StartTLS offered). */
  public String ldapUrl() {
    return "ldap://127.0.0.1:" + ldapPort;
  }

  /** {@code ldaps://127.0.0.1:PORT}. */
  public String ldapsUrl() {
    return "ldaps://127.0.0.1:" + ldapsPort;
  }

  public int ldapsPort() {
    return ldapsPort;
  }

  /** The PEM of its self-signed certificate, for {@code 127.0.0.1} only. */
  public Path certificate() {
    return dir.resolve("cert.pem");
  }

  /** Changes entries with the real ldapmodify, as the directory manager, over StartTLS. */
  public void modify(String ldif) throws IOException, InterruptedException {
    run(
        dir,
        ldif,
        LDAPMODIFY.toString(),
        "-ZZ",
        "-x",
        "-H",
        ldapUrl(),
        "-D",
        ROOT_DN,
        "-w",
        ROOT_PASSWORD);
  }

  /** An inetOrgPerson in {@link #PEOPLE}, with a salted SHA-1 of its password as OpenLDAP keeps. */
  public static String person(String uid, String password) {
    return "dn: uid="
        + uid
        + ","
        + PEOPLE
        + "\nobjectClass: inetOrgPerson\nuid: "
        + uid
        + "\ncn: "
        + uid
        + "\nsn: "
        + uid
        + "\nuserPassword: "
        + ssha(password)
        + "\n\n";
  }

  /** A groupOfNames in {@link #GROUPS} with these members' uids (and the console's entry). */
  public static String group(String cn, String... uids) {
    StringBuilder ldif =
        new StringBuilder("dn: cn=" + cn + "," + GROUPS + "\nobjectClass: groupOfNames\ncn: " + cn);
    // groupOfNames must have a member: the console's entry stays one, so that any user can go.
    ldif.append("\nmember: ").append(CONSOLE_DN);
    for (String uid : uids) {
      ldif.append("\nmember: uid=").append(uid).append(",").append(PEOPLE);
    }
    return ldif.append("\n\n").toString();
  }

  /** A posixGroup in {@link #GROUPS} naming its members by uid ({@code memberUid}). */
  public static String posixGroup(String cn, int gid, String... uids) {
    StringBuilder ldif =
        new StringBuilder(
            "dn: cn="
                + cn
                + ","
                + GROUPS
                + "\nobjectClass: posixGroup\ncn: "
                + cn
                + "\ngidNumber: "
                + gid);
    for (String uid : uids) {
      ldif.append("\nmemberUid: ").append(uid);
    }
    return ldif.append("\n\n").toString();
  }

  /** The DN of a group made by {@link #group}. */
  public static String groupDn(String cn) {
    return "cn=" + cn + "," + GROUPS;
  }

  /** The DN of a person made by {@link #person}. */
  public static String personDn(String uid) {
    return "uid=" + uid + "," + PEOPLE;
  }

  private String config() {
    return String.join(
        "\n",
        "include " + SCHEMAS.resolve("core.schema"),
        "include " + SCHEMAS.resolve("cosine.schema"),
        "include " + SCHEMAS.resolve("nis.schema"),
        "include " + SCHEMAS.resolve("inetorgperson.schema"),
        "modulepath /usr/lib/ldap",
        "moduleload back_mdb",
        "pidfile " + dir.resolve("slapd.pid"),
        "argsfile " + dir.resolve("slapd.args"),
        "TLSCertificateFile " + dir.resolve("cert.pem"),
        "TLSCertificateKeyFile " + dir.resolve("key.pem"),
        // A password bind needs TLS: a console that binds here used LDAPS or StartTLS.
        "security simple_bind=128",
        // A DN with an empty password binds as anonymous, as some directories allow: a console
        // that took that for a password check would sign anyone in.
        "allow bind_anon_dn",
        "database mdb",
        "maxsize 10485760",
        "suffix \"" + SUFFIX + "\"",
        "rootdn \"" + ROOT_DN + "\"",
        "rootpw " + ssha(ROOT_PASSWORD),
        "directory " + dir.resolve("db"),
        "access to attrs=userPassword by anonymous auth by * none",
        "access to * by dn.exact=\"" + CONSOLE_DN + "\" read by * none",
        "");
  }

  private static String base() {
    return "dn: "
        + SUFFIX
        + "\nobjectClass: dcObject\nobjectClass: organization\no: Example\ndc: example\n\n"
        + "dn: "
        + PEOPLE
        + "\nobjectClass: organizationalUnit\nou: people\n\n"
        + "dn: "
        + GROUPS
        + "\nobjectClass: organizationalUnit\nou: groups\n\n"
        + "dn: ou=services,"
        + SUFFIX
        + "\nobjectClass: organizationalUnit\nou: services\n\n"
        + "dn: "
        + CONSOLE_DN
        + "\nobjectClass: applicationProcess\nobjectClass: simpleSecurityObject\ncn: console\n"
        + "userPassword: "
        + ssha(CONSOLE_PASSWORD)
        + "\n\n";
  }

  /** {@code {SSHA}}: base64 of SHA-1(password, salt) and the salt. */
  private static String ssha(String password) {
    try {
      byte[] salt = new byte[8];
      new SecureRandom().nextBytes(salt);
      MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
      sha1.update(password.getBytes(StandardCharsets.UTF_8));
      sha1.update(salt);
      byte[] digest = sha1.digest();
      byte[] both = new byte[digest.length + salt.length];
      System.arraycopy(digest, 0, both, 0, digest.length);
      System.arraycopy(salt, 0, both, digest.length, salt.length);
      return "{SSHA}" + Base64.getEncoder().encodeToString(both);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private String log() {
    try {
      return Files.readString(dir.resolve("slapd.log"));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  private static boolean answers(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static void run(Path dir, String input, String... command)
      throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(List.of(command));
    ProcessBuilder builder = new ProcessBuilder(args).directory(dir.toFile());
    builder.redirectErrorStream(true);
    builder.environment().put("LDAPTLS_CACERT", dir.resolve("cert.pem").toString());
    builder.environment().put("LDAPTLS_REQCERT", "demand");
    Process p = builder.start();
    if (input != null) {
      p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
    }
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new AssertionError(String.join(" ", args) + " failed: " + out);
    }
  }
}
