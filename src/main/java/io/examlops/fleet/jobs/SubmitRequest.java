package io.examlops.fleet.jobs;

/**
 * Submit a batch script to an ACTIVE cluster, or to the one placement chooses ({@code exa hpc
 * submit}).
 *
 * @param script the batch script: a file, or text with the file name it came from
 * @param name the job's name; {@code null}: the script's file name
 * @param job where it goes and what it asks for
 */
public record SubmitRequest(ScriptSource script, String name, JobOptions job) {}
