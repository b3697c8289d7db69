package io.examlops.fleet.model;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The settings of a cluster reached through its scheduler's HTTP API ({@link TransportKind#REST})
 * instead of a shell, for the adapters whose scheduler has one to declare ({@link
 * SchedulerKind#declare}). Each is pinned at approval like any adapter setting, so a change of URL,
 * credential, version or user mapping waits for an admin.
 */
public final class ApiSettings {
  private ApiSettings() {}

  /**
   * Where the API answers: {@code https://HOST[:PORT]}, {@code http://} to loopback only, or {@code
   * unix:/PATH}, a socket of this machine.
   */
  public static final AdapterSetting URL =
      new AdapterSetting("rest_url", "REST API", ApiSettings::url);

  /** A token the site issued, sent as it is: every request acts as its user. */
  public static final AdapterSetting TOKEN_FILE =
      new AdapterSetting("rest_token_file", "REST token file", ApiSettings::file);

  /**
   * The key the scheduler checks tokens with: the fleet mints a short-lived token per user it acts
   * for. Holding it is holding every account on the cluster.
   */
  public static final AdapterSetting SIGNING_KEY =
      new AdapterSetting(
          "rest_signing_key",
          "REST signing key (acts as ANY user of the cluster)",
          ApiSettings::file);

  /** The API version in use, chosen at connect from what the server offers. */
  public static final AdapterSetting VERSION =
      new AdapterSetting("rest_api", "REST API version", ApiSettings::version);

  /** Whom each fleet user's requests act as on the cluster ({@code fleet=hpc, ...}). */
  public static final AdapterSetting USERS =
      new AdapterSetting("rest_users", "REST users (fleet user=cluster user)", ApiSettings::users);

  /**
   * The directory jobs start in and relative output paths start from; {@code %u} is the cluster
   * user the job runs as. Over a shell it is the user's home; an API cannot ask for it.
   */
  public static final AdapterSetting WORKDIR =
      new AdapterSetting("rest_workdir", "REST job directory", ApiSettings::workdir);

  /** Where jobs start when {@link #WORKDIR} is not set. */
  public static final String DEFAULT_WORKDIR = "/home/%u";

  /**
   * Another cluster of the fleet, reached over SSH, that sees the same files: job output is read
   * through it, since the API reads no files. Its own approval and pins apply to every read.
   */
  public static final AdapterSetting OUTPUT_VIA =
      new AdapterSetting("rest_output_via", "REST job output read through", ApiSettings::outputVia);

  /**
   * {@code CLUSTER_DIR=LOCAL_DIR}: the cluster's directory mounted where the fleet runs, so job
   * output under it is read from the mount.
   */
  public static final AdapterSetting OUTPUT_MOUNT =
      new AdapterSetting(
          "rest_output_mount", "REST job output mounted (cluster dir=local dir)", Mount::check);

  /** Every API setting, in the order clusters.yaml writes them. */
  public static final List<AdapterSetting> ALL =
      List.of(URL, VERSION, TOKEN_FILE, SIGNING_KEY, USERS, WORKDIR, OUTPUT_VIA, OUTPUT_MOUNT);

  /** The directory a job of {@code clusterUser} starts in, as {@link #WORKDIR} gives it. */
  public static String jobDirectory(Map<String, String> settings, String clusterUser) {
    return settings.getOrDefault(WORKDIR.name(), DEFAULT_WORKDIR).replace("%u", clusterUser);
  }

  /**
   * A cluster directory mounted on the machine the fleet runs on.
   *
   * @param cluster the directory on the cluster (absolute, no trailing slash unless it is /)
   * @param local where it is mounted here
   */
  public record Mount(String cluster, String local) {
    public Mount {
      cluster = directory(cluster, "cluster");
      local = directory(local, "local");
    }

    /** The mount {@code CLUSTER_DIR=LOCAL_DIR} names. */
    public static Mount of(String text) {
      String[] parts = text == null ? new String[0] : text.split("=", -1);
      if (parts.length != 2) {
        throw FleetException.invalidValue(
            OUTPUT_MOUNT.name(), text, "write CLUSTER_DIR=LOCAL_DIR, e.g. /home=/mnt/cluster/home");
      }
      return new Mount(parts[0].strip(), parts[1].strip());
    }

    static String check(String text) {
      Mount mount = of(text);
      return mount.cluster() + "=" + mount.local();
    }

    /**
     * Where a file of the cluster is here; empty when it is not under the mounted directory.
     *
     * @param file an absolute path on the cluster
     */
    public java.util.Optional<String> here(String file) {
      String root = cluster.equals("/") ? "/" : cluster + "/";
      if (!file.startsWith(root)) {
        return java.util.Optional.empty();
      }
      return java.util.Optional.of(
          (local.equals("/") ? "" : local) + "/" + file.substring(root.length()));
    }

    private static String directory(String path, String which) {
      if (path == null
          || !path.startsWith("/")
          || path.length() > 1024
          || path.chars().anyMatch(c -> c < 0x20 || c == 0x7f)
          || ("/" + path + "/").contains("/../")) {
        throw FleetException.invalid(
            "invalid "
                + which
                + " directory "
                + Printable.quoted(path)
                + " in "
                + OUTPUT_MOUNT.name()
                + ": give absolute directories without '..', e.g. /home=/mnt/cluster/home");
      }
      return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }
  }

  private static String outputVia(String name) {
    if (!ClusterName.isValid(name)) {
      throw FleetException.invalidValue(
          OUTPUT_VIA.name(),
          name,
          "name the fleet's cluster (reached over SSH) that sees the same files; a"
              + " cluster name is "
              + ClusterName.RULE);
    }
    return name;
  }

  /**
   * What an admin must know before approving such a cluster, in words, one a line; empty when
   * nothing calls for it.
   */
  public static List<String> cautions(Map<String, String> settings) {
    if (settings.get(SIGNING_KEY.name()) == null) {
      return List.of();
    }
    String users = settings.get(USERS.name());
    return List.of(
        "Holding the signing key is holding every account on that cluster: approving lets the"
            + " fleet act as any of its users, as "
            + USERS.name()
            + " maps them ("
            + (users == null ? "none mapped: submissions are refused" : users)
            + ")");
  }

  /** {@code signing key SHA256:...} or {@code token file SHA256:...}: what approving pins. */
  public static String shownCredential(Map<String, String> settings, String fingerprint) {
    return (settings.get(SIGNING_KEY.name()) != null ? "signing key " : "token file ")
        + fingerprint;
  }

  private static final Pattern VERSION_FORM = Pattern.compile("v\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
  private static final Pattern FLEET_USER = Pattern.compile("[A-Za-z0-9._@+:-]{1,200}");

  /**
   * The URL in its normal form (no trailing slash); refuses one that would send a token in clear
   * over a network, or carries a query, fragment or user.
   */
  public static String url(String text) {
    if (isSocket(text)) {
      return socket(text.strip());
    }
    URI url;
    try {
      url = new URI(text == null ? "" : text.strip());
    } catch (URISyntaxException e) {
      throw FleetException.invalid(
          "the REST API URL " + Printable.quoted(text) + " is not a URL: " + e.getReason(), "url");
    }
    String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
    if (url.getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
      throw FleetException.invalid(
          "the REST API URL "
              + Printable.quoted(text)
              + " is not https://HOST[:PORT] (or http:// to this machine's loopback address, or"
              + " unix:/PATH of a socket here)",
          "url");
    }
    if (url.getRawQuery() != null || url.getRawFragment() != null || url.getRawUserInfo() != null) {
      throw FleetException.invalid(
          "the REST API URL "
              + Printable.quoted(text)
              + " carries a query, fragment or user: give only https://HOST[:PORT][/PATH]; the"
              + " credential goes in a file of its own",
          "url");
    }
    if (scheme.equals("http") && !loopback(url.getHost())) {
      throw FleetException.invalid(
          "the REST API URL "
              + Printable.quoted(text)
              + " is plain http to "
              + url.getHost()
              + ", which would send tokens in clear: use https, or http only to 127.0.0.1, ::1"
              + " or localhost",
          "url");
    }
    String normal = url.toString();
    return normal.endsWith("/") ? normal.substring(0, normal.length() - 1) : normal;
  }

  /** Whether the URL names a Unix domain socket of this machine ({@code unix:/PATH}). */
  public static boolean isSocket(String url) {
    return url != null && url.strip().startsWith(SOCKET);
  }

  private static final String SOCKET = "unix:";

  /** {@code unix:/PATH}: an absolute path, which only this machine's accounts can reach. */
  private static String socket(String text) {
    String path = text.substring(SOCKET.length());
    if (!path.startsWith("/")
        || path.length() > 107 // sun_path holds 108 bytes with its terminating NUL
        || path.chars().anyMatch(c -> c <= 0x20 || c == 0x7f || c == '%' || c == '?' || c == '#')
        || ("/" + path + "/").contains("/../")) {
      throw FleetException.invalid(
          "the REST API socket "
              + Printable.quoted(text)
              + " is not unix:/ABSOLUTE/PATH (at most 107 characters, no spaces, '%', '?', '#' or"
              + " '..'), e.g. unix:/run/api/rest.socket",
          "url");
    }
    return SOCKET + path;
  }

  /**
   * Whether {@code host} is this machine's loopback ({@code localhost}, or an address literal that
   * is one), told without resolving a name: where plain http may go.
   */
  public static boolean loopback(String host) {
    if (host.equalsIgnoreCase("localhost")) {
      return true;
    }
    String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    if (!bare.matches("[0-9.]+|[0-9A-Fa-f:]+")) {
      return false; // a name other than localhost could resolve anywhere tomorrow
    }
    try {
      return InetAddress.getByName(bare).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  private static String file(String path) {
    if (path != null && ConnectionRules.looksLikeKeyMaterial(path)) {
      throw FleetException.invalid(
          "the REST credential looks like a token or key, not a path: credentials are never"
              + " stored in clusters.yaml; save it in a file readable only by you (chmod 600) and"
              + " give that file's path");
    }
    try {
      return ConnectionRules.keyPath(path);
    } catch (FleetException e) {
      throw FleetException.invalidValue(
          "REST credential path", path, "give the absolute (or ~/) path of the file that holds it");
    }
  }

  private static String version(String text) {
    if (text == null || !VERSION_FORM.matcher(text.strip()).matches()) {
      throw FleetException.invalidValue(
          "REST API version", text, "expected the form v0.0.38, as the API's paths name it");
    }
    return text.strip();
  }

  private static String workdir(String text) {
    if (text == null
        || !text.startsWith("/")
        || text.length() > 1024
        || text.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
      throw FleetException.invalidValue(
          "REST job directory",
          text,
          "give an absolute directory on the cluster, where %u stands for the user the job"
              + " runs as (e.g. /home/%u)");
    }
    return text;
  }

  /** The mapping in its normal form: {@code a=x, b=y}, by fleet user. */
  private static String users(String text) {
    Map<String, String> map = usersOf(text);
    StringBuilder normal = new StringBuilder();
    map.forEach(
        (k, v) -> normal.append(normal.length() == 0 ? "" : ", ").append(k).append('=').append(v));
    return normal.toString();
  }

  /**
   * Whom each fleet user (a console or CLI user's name, or {@code token:NAME} for an API token)
   * acts as on the cluster.
   */
  public static Map<String, String> usersOf(String text) {
    Map<String, String> map = new TreeMap<>();
    if (text == null || text.isBlank()) {
      return map;
    }
    for (String pair : text.split(",")) {
      String[] parts = pair.strip().split("=", -1);
      if (parts.length != 2 || !FLEET_USER.matcher(parts[0].strip()).matches()) {
        throw FleetException.invalidValue(
            "REST user mapping",
            pair.strip(),
            "write FLEETUSER=CLUSTERUSER pairs separated by commas, e.g. 'alice=alice,"
                + " token:ci=ci-bot'");
      }
      String user;
      try {
        user = ConnectionRules.user(parts[1].strip());
      } catch (FleetException e) {
        throw FleetException.invalid(
            "invalid cluster user "
                + Printable.quoted(parts[1].strip())
                + " in the REST user mapping: use a login name of letters, digits, '.', '-' and"
                + " '_'");
      }
      if (map.put(parts[0].strip(), user) != null) {
        throw FleetException.invalid(
            "the REST user mapping names " + parts[0].strip() + " twice: keep one");
      }
    }
    return map;
  }
}
