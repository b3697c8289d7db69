package io.examlops.fleet.registry;

import java.util.LinkedHashMap;
import java.util.List;

/**
 * The connection a cluster's last probe went through, as {@code probed_connection_json} holds it:
 * its kinds by their labels ({@link GovernanceTable} writes it with {@link RegistryJson}, {@link
 * GovernanceJson} reads it back).
 */
record StoredConnection(
    String scheduler,
    String transport,
    String host,
    Integer port,
    String user,
    String keyFingerprint,
    String hostKeyFingerprint,
    LinkedHashMap<String, String> settings,
    List<String> jumps) {}
