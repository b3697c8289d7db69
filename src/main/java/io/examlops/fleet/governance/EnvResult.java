package io.examlops.fleet.governance;

import java.util.Map;

/**
 * A cluster's environment (docs/cli.md, {@code hpc env}); a {@code null} value means "unset".
 *
 * @param exportLines the environment as shell-quoted {@code export} / {@code unset} lines
 */
public record EnvResult(
    Map<String, String> env, @com.fasterxml.jackson.annotation.JsonIgnore String exportLines) {}
