package io.examlops.fleet.access;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** RFC 4515: what a user typed is one assertion value in a filter, never filter syntax. */
class LdapFiltersTest {
  @Test
  void theFilterSyntaxInAValueIsEscaped() {
    assertThat(LdapFilters.escape("*)(uid=*")).isEqualTo("\\2a\\29\\28uid=\\2a");
    assertThat(LdapFilters.escape("a\\2a")).isEqualTo("a\\5c2a");
    assertThat(LdapFilters.escape("nul\0")).isEqualTo("nul\\00");
    assertThat(LdapFilters.escape("dóra")).isEqualTo("dóra");
  }

  @Test
  void aUserFilterAndTheNameMakeOneConjunction() {
    assertThat(
            LdapFilters.and(
                "(objectClass=inetOrgPerson)", LdapFilters.equality("uid", "dora)(|(uid=*")))
        .isEqualTo("(&(objectClass=inetOrgPerson)(uid=dora\\29\\28|\\28uid=\\2a))");
  }
}
