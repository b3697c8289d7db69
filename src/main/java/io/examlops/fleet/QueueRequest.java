package io.examlops.fleet;

/** A registered cluster's live queue, all users. */
public record QueueRequest(String cluster) {}
