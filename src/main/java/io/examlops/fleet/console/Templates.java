package io.examlops.fleet.console;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

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

  /** Each template's latest length: the next page of it is about as long. */
  private final Map<String, Integer> lengths = new ConcurrentHashMap<>();

  /**
   * The page as HTML, written into a buffer of the length its template's page had before: the Fleet
   * page of 100 clusters grew its buffer over and over, 7 % of what the console allocated under the
   * live pages (docs/performance.md, "Live pages").
   */
  String render(Page page) {
    StringOutput out = new StringOutput(lengths.getOrDefault(page.template(), 8192));
    engine.render(page.template(), page, out);
    String html = out.toString();
    lengths.put(page.template(), html.length());
    return html;
  }
}
