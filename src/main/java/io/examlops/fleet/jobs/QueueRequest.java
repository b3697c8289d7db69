package io.examlops.fleet.jobs;

/** A registered cluster's live queue, all users. */
public record QueueRequest(String cluster) {}
