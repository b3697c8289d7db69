package io.examlops.fleet.console;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;
import java.util.Map;

/** The console's JTE templates, compiled at build time (src/main/jte); HTML-escaped by default. */
final class Templates {
  private final TemplateEngine engine =
      TemplateEngine.createPrecompiled(
          null,
          ContentType.Html,
          Templates.class.getClassLoader(),
          "io.examlops.fleet.console.pages");

  String render(String template, Map<String, Object> parameters) {
    StringOutput out = new StringOutput();
    engine.render(template, parameters, out);
    return out.toString();
  }
}
