package io.examlops.fleet.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.safety.Safelist;
import org.junit.jupiter.api.Test;

/**
 * Every step has a help page (vars/STEP.txt, Pipeline Syntax → Global Variables Reference), which
 * Jenkins renders through its markup formatter: written in the markup that Safe HTML keeps (OWASP
 * Markup Formatter's policy, whose elements are listed below), so that Safe HTML, the formatter the
 * capacity view needs, shows each page as written, removing nothing; and the library exposes
 * nothing but its steps.
 */
class HelpPagesTest {
  /**
   * Safe HTML's policy (jenkinsci/antisamy-markup-formatter-plugin, {@code BasicPolicy}: the OWASP
   * sanitizer's BLOCKS, FORMATTING, LINKS and TABLES, plus dl, dt, dd, hr and pre), as far as help
   * pages use it: no attribute but a link's address.
   */
  private static final Safelist SAFE_HTML =
      new Safelist()
          .addTags("p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote")
          .addTags("b", "i", "s", "u", "sup", "sub", "ins", "del", "strong", "strike", "tt")
          .addTags("code", "big", "small", "br", "span", "em")
          .addTags("table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption")
          .addTags("dl", "dt", "dd", "hr", "pre", "a")
          .addAttributes("a", "href")
          .addProtocols("a", "href", "http", "https", "mailto");

  @Test
  void everyStepHasAHelpPageSafeHtmlKeepsAsWrittenAndNothingElseIsGlobal() throws Exception {
    List<Path> steps;
    try (Stream<Path> files = Files.list(Path.of("vars"))) {
      steps = files.filter(f -> f.toString().endsWith(".groovy")).sorted().toList();
    }
    assertThat(steps.stream().map(f -> f.getFileName().toString().replace(".groovy", "")))
        .containsExactlyInAnyOrder(
            "hpcCapacity",
            "hpcCancel",
            "hpcLogs",
            "hpcPlace",
            "hpcPreflight",
            "hpcReview",
            "hpcSubmit",
            "hpcWait");
    for (Path step : steps) {
      Path help = Path.of(step.toString().replace(".groovy", ".txt"));
      String name = step.getFileName().toString().replace(".groovy", "");
      String html = Files.readString(help);
      assertThat(Jsoup.isValid(html, SAFE_HTML))
          .as(help + ": Safe HTML would remove some of it")
          .isTrue();
      Document page = Jsoup.parseBodyFragment(html);
      assertThat(page.body().child(0).tagName()).as(help.toString()).isEqualTo("p");
      assertThat(page.body().child(0).text()).as(help.toString()).startsWith(name + ": ");
      assertThat(page.select("pre")).as(help + ": its example").isNotEmpty();
      assertThat(page.select("dl > dt > code")).as(help + ": its parameters").isNotEmpty();
      assertThat(html.lines()).as(help.toString()).allMatch(l -> l.length() <= 100);
    }
  }
}
