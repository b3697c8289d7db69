package io.examlops.fleet.console;

import io.examlops.fleet.access.AccessService;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.TokenLimits;
import io.examlops.fleet.model.access.ApiToken;
import io.examlops.fleet.model.access.ConsoleUser;
import io.examlops.fleet.model.access.IssuedToken;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenScope;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Users and API tokens, for admins: add a user, change its role, reset its password, remove it;
 * create and revoke tokens. What cannot be undone with one click (remove, reset, revoke) has a
 * confirm page first. Each change answers with the page and a notice of what was done.
 */
final class AccessPages {
  private static final String PAGE = "/admin/access";

  private final ConsoleParts parts;

  AccessPages(ConsoleParts parts) {
    this.parts = parts;
  }

  /** Every change on these pages is the access service's. */
  private AccessService access() {
    return parts.fleet().access();
  }

  void register(RoutesConfig routes) {
    // Administering access needs a signed-in admin: a token never mints a token.
    routes.get(
        PAGE,
        ctx -> page(ctx, null, null, Page.FormState.NONE),
        Needs.READ,
        Needs.ADMIN,
        Needs.SESSION);
    routes.post("/admin/users", this::addUser, Needs.ADMIN, Needs.SESSION);
    routes.post("/admin/users/{user}/role", this::setRole, Needs.ADMIN, Needs.SESSION);
    routes.get(
        "/admin/users/{user}/password",
        this::confirmPassword,
        Needs.READ,
        Needs.ADMIN,
        Needs.SESSION);
    routes.post("/admin/users/{user}/password", this::setPassword, Needs.ADMIN, Needs.SESSION);
    routes.get(
        "/admin/users/{user}/remove", this::confirmRemove, Needs.READ, Needs.ADMIN, Needs.SESSION);
    routes.post("/admin/users/{user}/remove", this::removeUser, Needs.ADMIN, Needs.SESSION);
    routes.post("/admin/tokens", this::createToken, Needs.ADMIN, Needs.SESSION);
    routes.get(
        "/admin/tokens/{id}/revoke", this::confirmRevoke, Needs.READ, Needs.ADMIN, Needs.SESSION);
    routes.post("/admin/tokens/{id}/revoke", this::revokeToken, Needs.ADMIN, Needs.SESSION);
  }

  private void page(Context ctx, String newSecret, String notice) {
    page(ctx, newSecret, notice, Page.FormState.NONE);
  }

  private void page(Context ctx, String newSecret, String notice, Page.FormState sent) {
    parts.show(
        ctx,
        new Page.Access(
            parts.frame(ctx, "Users and tokens"),
            access().users(),
            access().tokens(),
            newSecret,
            notice,
            sent));
  }

  /**
   * Runs what a form asks; a refusal of what was typed (400) shows the page again with the form as
   * it was sent (no password) and the message beside the field it concerns.
   */
  private void sent(Context ctx, String form, Runnable change) {
    try {
      change.run();
    } catch (FleetException e) {
      if (e.kind() != ErrorKind.INVALID_REQUEST) {
        throw e;
      }
      Map<String, List<String>> typed = new LinkedHashMap<>(ctx.formParamMap());
      typed.keySet().removeAll(Set.of("password", "again", ConsoleServer.CSRF_FIELD));
      ctx.status(HttpStatus.BAD_REQUEST);
      page(ctx, null, null, new Page.FormState(form, typed, e.getMessage(), e.fields()));
    }
  }

  private void addUser(Context ctx) {
    sent(
        ctx,
        "add-user-form",
        () -> {
          ConsoleUser user =
              access()
                  .addUser(
                      Guard.principal(ctx).actor(),
                      ctx.formParam("user"),
                      Role.parse(ctx.formParam("role")),
                      password(ctx));
          page(ctx, null, "Added " + user.name() + " as " + user.role().label() + ".");
        });
  }

  private void setRole(Context ctx) {
    ConsoleUser user =
        access()
            .setRole(
                Guard.principal(ctx).actor(),
                ctx.pathParam("user"),
                Role.parse(ctx.formParam("role")));
    page(ctx, null, user.name() + " is now " + user.role().label() + ".");
  }

  private void confirmPassword(Context ctx) {
    ConsoleUser user = user(ctx);
    confirm(
        ctx,
        "Reset the password of " + user.name(),
        "Set a new password for "
            + user.name()
            + "? Give it to them over a safe channel; the old one stops working at once.",
        user,
        List.of(
            new Page.Field(
                "password", "New password (at least 10 characters)", "password", "new-password"),
            new Page.Field("again", "The same password again", "password", "new-password")),
        "/admin/users/" + user.name() + "/password",
        "Set the password");
  }

  private void setPassword(Context ctx) {
    String name = ctx.pathParam("user");
    access().setPassword(Guard.principal(ctx).actor(), name, password(ctx));
    page(ctx, null, "The password of " + name + " was reset.");
  }

  private void confirmRemove(Context ctx) {
    ConsoleUser user = user(ctx);
    confirm(
        ctx,
        "Remove " + user.name(),
        "Remove " + user.name() + "? They can no longer sign in, and their API tokens are revoked.",
        user,
        List.of(),
        "/admin/users/" + user.name() + "/remove",
        "Remove " + user.name());
  }

  private void removeUser(Context ctx) {
    String name = ctx.pathParam("user");
    access().removeUser(Guard.principal(ctx).actor(), name);
    page(ctx, null, "Removed " + name + "; their tokens are revoked.");
  }

  private void createToken(Context ctx) {
    sent(
        ctx,
        "new-token-form",
        () -> {
          IssuedToken issued =
              access()
                  .createToken(
                      Guard.principal(ctx).actor(),
                      ctx.formParam("owner"),
                      ctx.formParam("name"),
                      TokenScope.parseAll(String.join(",", ctx.formParams("scope"))),
                      limits(ctx));
          page(ctx, issued.secret(), null);
        });
  }

  /** The new token's limits from the form: blank fields set none. */
  private static TokenLimits limits(Context ctx) {
    String hours = blankToNull(ctx.formParam("gpuHours"));
    String period = blankToNull(ctx.formParam("period"));
    return new TokenLimits(
        names(ctx.formParam("clusters")),
        names(ctx.formParam("partitions")),
        whole(ctx, "maxGpusPerJob", "the most GPUs a job"),
        whole(ctx, "maxRunningJobs", "the most jobs at once"),
        hours == null ? null : decimal(hours),
        period == null ? null : TokenLimits.Period.parse(period));
  }

  private static Set<String> names(String text) {
    String names = blankToNull(text);
    return names == null
        ? Set.of()
        : java.util.Arrays.stream(names.split("[\\s,]+"))
            .filter(name -> !name.isEmpty())
            .collect(java.util.stream.Collectors.toSet());
  }

  private static Integer whole(Context ctx, String field, String what) {
    String text = blankToNull(ctx.formParam(field));
    if (text == null) {
      return null;
    }
    try {
      return Integer.valueOf(text);
    } catch (NumberFormatException e) {
      throw FleetException.invalid(
          what + " " + Printable.quoted(text) + " is not a whole number: give e.g. 4", field);
    }
  }

  private static BigDecimal decimal(String text) {
    try {
      return new BigDecimal(text);
    } catch (NumberFormatException e) {
      throw FleetException.invalid(
          "GPU-hours " + Printable.quoted(text) + " is not a number: give e.g. 100 or 12.5",
          "gpuHours");
    }
  }

  private static String blankToNull(String text) {
    return text == null || text.isBlank() ? null : text.strip();
  }

  private void confirmRevoke(Context ctx) {
    ApiToken token = token(ctx.pathParam("id"));
    parts.show(
        ctx,
        new Page.Confirm(
            parts.frame(ctx, "Revoke token " + token.name()),
            "Revoke the token "
                + token.name()
                + "? Whatever uses it (a Jenkins job, a script) is refused from now on; this"
                + " cannot be undone.",
            List.of(
                new Page.Fact("Token", token.id() + " · " + token.name()),
                new Page.Fact("Owner", token.owner()),
                new Page.Fact(
                    "Scopes",
                    String.join(
                        " ", token.scopes().stream().map(TokenScope::label).sorted().toList())),
                new Page.Fact("Created", Ages.when(token.createdAt())),
                new Page.Fact(
                    "Last used",
                    token.lastUsedAt() == null ? "never" : Ages.when(token.lastUsedAt()))),
            List.of(),
            "/admin/tokens/" + token.id() + "/revoke",
            "Revoke " + token.name(),
            PAGE,
            null,
            Page.Confirm.BACK));
  }

  private void revokeToken(Context ctx) {
    ApiToken token = access().revokeToken(Guard.principal(ctx).actor(), ctx.pathParam("id"));
    page(ctx, null, "Revoked the token " + token.name() + " (" + token.id() + ").");
  }

  private void confirm(
      Context ctx,
      String title,
      String question,
      ConsoleUser user,
      List<Page.Field> fields,
      String action,
      String button) {
    parts.show(
        ctx,
        new Page.Confirm(
            parts.frame(ctx, title),
            question,
            List.of(
                new Page.Fact("User", user.name()),
                new Page.Fact("Role", user.role().label()),
                new Page.Fact("Created", Ages.when(user.createdAt()) + " by " + user.createdBy())),
            fields,
            action,
            button,
            PAGE,
            null,
            Page.Confirm.BACK));
  }

  /** The user the path names; the core's words when there is none. */
  private ConsoleUser user(Context ctx) {
    String name = ctx.pathParam("user");
    return access()
        .user(name)
        .orElseThrow(
            () ->
                new Refusal(
                    404,
                    "NOT_FOUND",
                    "no user is named " + Printable.quoted(name),
                    "the users are listed on Users & tokens"));
  }

  private ApiToken token(String id) {
    return access().tokens().stream()
        .filter(t -> t.id().equals(id) && !t.revoked())
        .findFirst()
        .orElseThrow(
            () ->
                new Refusal(
                    404,
                    "NOT_FOUND",
                    "no live API token has the id " + Printable.quoted(id),
                    "the tokens are listed on Users & tokens"));
  }

  /** The password typed twice, the same both times; the core judges whether it is one. */
  private static char[] password(Context ctx) {
    String password = ctx.formParam("password");
    String again = ctx.formParam("again");
    if (password == null || !password.equals(again)) {
      throw FleetException.invalid(
          "the two passwords differ: type the same password in both fields", "password");
    }
    return password.toCharArray();
  }
}
