package io.examlops.fleet.remote;

import com.fasterxml.jackson.core.type.TypeReference;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.placement.PlaceRequest;
import io.examlops.fleet.placement.PlaceResult;
import io.examlops.fleet.placement.PlacementService;
import io.examlops.fleet.placement.PreflightRequest;
import io.examlops.fleet.placement.PreflightResult;

/** Placement and preflight decided by the console, on its snapshots and over its connections. */
final class GatewayPlacement implements PlacementService {
  private static final TypeReference<PlaceResult> PLACED = new TypeReference<>() {};
  private static final TypeReference<PreflightResult> CHECKED = new TypeReference<>() {};

  record Place(PlaceRequest place) {}

  record Preflight(PreflightRequest preflight) {}

  private final CentralClient client;

  GatewayPlacement(CentralClient client) {
    this.client = client;
  }

  @Override
  /** The console places within the limits of the token this agent sends; it holds no other. */
  public PlaceResult place(PlaceRequest request, io.examlops.fleet.model.ActingToken token) {
    return client.send("POST", "/place", new Place(request), null, PLACED);
  }

  @Override
  public PreflightResult preflight(Actor actor, PreflightRequest request) {
    return client.send("POST", "/preflight", new Preflight(request), actor, CHECKED);
  }
}
