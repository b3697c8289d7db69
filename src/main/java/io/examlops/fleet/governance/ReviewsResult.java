package io.examlops.fleet.governance;

import io.examlops.fleet.model.ClusterReview;
import java.util.List;

/** The PENDING clusters, each with what approving it now would pin. */
public record ReviewsResult(List<ClusterReview> reviews) {
  public ReviewsResult {
    reviews = List.copyOf(reviews);
  }
}
