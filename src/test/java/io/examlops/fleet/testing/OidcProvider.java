package io.examlops.fleet.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real OpenID Provider of a test's own: panva's certified {@code oidc-provider} (npm, pinned in
 * src/test/oidc-provider/package-lock.json, installed into work/oidc-provider by
 * scripts/oidc-provider-setup.sh), run by node as a child process with
 * src/test/oidc-provider/provider.mjs on a loopback port: one client, the test's accounts with a
 * {@code groups} claim, a sign-in form that checks their passwords and a consent form. A missing
 * node or oidc-provider fails the test with how to install them (never a skip).
 */
public final class OidcProvider implements AutoCloseable {
  private static final Path INSTALLED = Path.of("work/oidc-provider");
  private static final Path LAUNCHER = Path.of("src/test/oidc-provider/provider.mjs");

  /** An account: its name, its password there, the groups its ID tokens name. */
  public record Account(String id, String password, List<String> groups) {}

  private final Process process;
  private final Path log;
  private final URI issuer;
  private final Path accounts;

  private OidcProvider(Process process, Path log, URI issuer, Path accounts) {
    this.process = process;
    this.log = log;
    this.issuer = issuer;
    this.accounts = accounts;
  }

  /** A free loopback port, for an issuer a console must know before the provider starts. */
  public static int freePort() throws IOException {
    return Slapd.freePort();
  }

  /**
   * The provider on {@code port}, started and answering, for the client {@code clientId} whose
   * browsers come back to {@code redirectUri}, signing ID tokens with {@code idTokenAlg} (RS256,
   * ES256) valid for {@code idTokenLife}.
   */
  public static OidcProvider start(
      Path dir,
      int port,
      String clientId,
      String clientSecret,
      URI redirectUri,
      String idTokenAlg,
      Duration idTokenLife,
      List<Account> accounts)
      throws IOException, InterruptedException {
    if (!Files.isDirectory(INSTALLED.resolve("node_modules/oidc-provider"))) {
      throw new AssertionError(
          INSTALLED.resolve("node_modules/oidc-provider")
              + " is missing: install node and oidc-provider with `bash"
              + " scripts/oidc-provider-setup.sh` (scripts/test.sh runs it)");
    }
    Files.createDirectories(dir);
    Path launcher = INSTALLED.resolve("provider.mjs");
    Files.copy(LAUNCHER, launcher, StandardCopyOption.REPLACE_EXISTING);
    Map<String, Object> config = new LinkedHashMap<>();
    config.put("port", port);
    config.put("clientId", clientId);
    config.put("clientSecret", clientSecret);
    config.put("redirectUri", redirectUri.toString());
    config.put("idTokenAlg", idTokenAlg);
    config.put("idTokenTtl", idTokenLife.toSeconds());
    Path accountsFile = dir.resolve("accounts.json");
    writeAccounts(accountsFile, accounts);
    config.put("accountsFile", accountsFile.toString());
    Path file = dir.resolve("provider.json");
    Files.deleteIfExists(file);
    Files.createFile(
        file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    Files.writeString(file, new ObjectMapper().writeValueAsString(config));
    Path out = dir.resolve("provider.out");
    Path log = dir.resolve("provider.log");
    Process process;
    try {
      process =
          new ProcessBuilder("node", launcher.toString(), file.toString())
              .redirectOutput(out.toFile())
              .redirectError(log.toFile())
              .start();
    } catch (IOException e) {
      throw new AssertionError(
          "node cannot be started ("
              + e.getMessage()
              + "): install it with `bash scripts/oidc-provider-setup.sh`",
          e);
    }
    process.getOutputStream().close();
    try {
      Eventually.waitUntil(
          "oidc-provider listens",
          Duration.ofSeconds(90),
          () -> {
            if (!process.isAlive()) {
              throw new AssertionError("oidc-provider stopped: " + read(log));
            }
            String said = read(out);
            return said.startsWith("issuer ") && said.endsWith("\n");
          });
    } catch (AssertionError e) {
      process.destroyForcibly();
      throw new AssertionError(e.getMessage() + "; its log: " + read(log), e);
    }
    URI issuer = URI.create(read(out).strip().substring("issuer ".length()));
    return new OidcProvider(process, log, issuer, accountsFile);
  }

  /** Its accounts from now on, for the sign-ins that start now. */
  public void accounts(List<Account> now) throws IOException {
    writeAccounts(accounts, now);
  }

  private static void writeAccounts(Path file, List<Account> accounts) throws IOException {
    Path next = file.resolveSibling(file.getFileName() + ".next");
    Files.writeString(next, new ObjectMapper().writeValueAsString(accounts));
    Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  public URI issuer() {
    return issuer;
  }

  /** What it said on stderr. */
  public String log() {
    return read(log);
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
  }
}
