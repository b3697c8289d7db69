package io.examlops.fleet.settings;

import java.util.Set;

/**
 * Every environment variable HPC Fleet reads or exports, named once (docs/env-vars.md lists them).
 * The surfaces read the environment at their edge, {@link FleetSettings#fromEnvironment} turns what
 * the core needs into typed settings; nothing below the surfaces reads a variable.
 */
public final class Variables {
  private Variables() {}

  /** What the fleet's own variables start with; the few others are named below. */
  public static final String PREFIX = "EXAMLOPS_";

  // Where the fleet's state is.
  public static final String REGISTRY = "EXAMLOPS_HPC_REGISTRY";
  public static final String PLATFORM_DB = "EXAMLOPS_PLATFORM_DB";
  public static final String DATA_DIR = "EXAMLOPS_DATA_DIR";
  public static final String HOME = "HOME";

  // The transport a command uses when it names no host, and the one a cluster's environment
  // exports.
  public static final String CLUSTER = "EXAMLOPS_HPC_CLUSTER";
  public static final String SCHEDULER = "EXAMLOPS_HPC_SCHEDULER";
  public static final String SSH_HOST = "EXAMLOPS_HPC_SSH_HOST";
  public static final String SSH_USER = "EXAMLOPS_HPC_SSH_USER";
  public static final String SSH_KEY = "EXAMLOPS_HPC_SSH_KEY";
  public static final String SSH_PORT = "EXAMLOPS_HPC_SSH_PORT";
  public static final String SSH_KNOWN_HOSTS = "EXAMLOPS_HPC_SSH_KNOWN_HOSTS";
  public static final String SSH_KEY_PASSPHRASE = "EXAMLOPS_HPC_SSH_KEY_PASSPHRASE";
  public static final String SSH_CONFIG = "EXAMLOPS_HPC_SSH_CONFIG";
  // OpenSSH's own: where the ssh-agent listens.
  public static final String SSH_AUTH_SOCK = "SSH_AUTH_SOCK";

  // A CI's own credential for a registered cluster, checked against what was approved.
  public static final String CREDENTIAL_KEY = "EXAMLOPS_HPC_CREDENTIAL_KEY";
  public static final String CREDENTIAL_USER = "EXAMLOPS_HPC_CREDENTIAL_USER";

  // Central mode: the console that keeps the fleet's state.
  public static final String SERVER = "EXAMLOPS_SERVER";
  public static final String TOKEN = "EXAMLOPS_TOKEN";
  public static final String LEASE_RENEW = "EXAMLOPS_LEASE_RENEW";
  public static final String LEASE_LAPSE = "EXAMLOPS_LEASE_LAPSE";
  public static final String LEASE_GRACE = "EXAMLOPS_LEASE_GRACE";

  // Capacity, and the mock backend's simulated node.
  public static final String COST_PER_HOUR = "GPU_COST_PER_HOUR";
  public static final String COST_CURRENCY = "GPU_COST_CURRENCY";
  public static final String MOCK_GPUS = "EXAMLOPS_MOCK_GPUS";

  // What a pipeline run exports in the job.
  public static final String MODEL = "EXAMLOPS_MODEL";
  public static final String DATASET = "EXAMLOPS_DATASET";
  public static final String PIPELINE_GPUS = "EXAMLOPS_PIPELINE_GPUS";

  // The surfaces' own.
  public static final String ACTOR = "EXAMLOPS_ACTOR";
  public static final String SURFACE = "EXAMLOPS_SURFACE";
  // Set by the Jenkins steps around each exa they run: exa refuses to run where no agent
  // configuration says what it may do (docs/jenkins.md).
  public static final String AGENT_REQUIRED = "EXAMLOPS_AGENT_REQUIRED";
  public static final String LOG_LEVEL = "EXAMLOPS_LOG_LEVEL";
  public static final String CACHE_DIR = "EXAMLOPS_CACHE_DIR";
  public static final String MCP_ALLOW_WRITES = "EXAMLOPS_MCP_ALLOW_WRITES";
  public static final String CONSOLE_KEYSTORE_PASSWORD = "EXAMLOPS_CONSOLE_KEYSTORE_PASSWORD";
  // The console's notifications (exa console --notify FILE), when the file names no secret file.
  public static final String NOTIFY_WEBHOOK_SECRET = "EXAMLOPS_NOTIFY_WEBHOOK_SECRET";
  public static final String NOTIFY_SMTP_PASSWORD = "EXAMLOPS_NOTIFY_SMTP_PASSWORD";
  // The password of the console's own entry in its LDAP directory (exa console --ldap FILE), when
  // the settings file names no bindPasswordFile.
  public static final String CONSOLE_LDAP_BIND_PASSWORD = "EXAMLOPS_CONSOLE_LDAP_BIND_PASSWORD";

  /**
   * The variables that hold a credential (or may: a server URL someone wrote one into): they stay
   * in the fleet's own process, never in a scheduler command's environment, nor exported into a
   * job, on any backend.
   */
  public static final Set<String> CREDENTIALS =
      Set.of(
          SSH_KEY_PASSPHRASE,
          TOKEN,
          SERVER,
          CONSOLE_KEYSTORE_PASSWORD,
          NOTIFY_WEBHOOK_SECRET,
          NOTIFY_SMTP_PASSWORD,
          CONSOLE_LDAP_BIND_PASSWORD);
}
