package io.examlops.fleet.console;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;

/**
 * The console's JTE templates, compiled at build time (src/main/jte) against their {@link Page}
 * records; HTML-escaped by default.
 */
final class Templates {
  private final TemplateEngine engine =
      TemplateEngine.createPrecompiled(
          null,
          ContentType.Html,
          Templates.class.getClassLoader(),
          "io.examlops.fleet.console.pages");

  String render(Page page) {
    StringOutput out = new StringOutput();
    engine.render(page.template(), page, out);
    return out.toString();
  }
}
