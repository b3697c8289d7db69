package io.examlops.fleet.jenkins

/**
 * The fleet's capacity (exa hpc capacity's JSON) as pages Jenkins can show: an HTML report with its
 * styles in a separate file and its bars as meter elements, so that it renders in full under
 * Jenkins' default Content-Security-Policy (sandbox allow-same-origin; default-src 'none';
 * img-src 'self'; style-src 'self'), which drops style elements and style attributes; and an SVG
 * chart whose sizes, colours and text are all attributes (no style, no script, nothing fetched),
 * for an img element in a view's description.
 */
class CapacityPages implements Serializable {
  private static final int ROW = 28
  private static final int BAR_X = 170
  private static final int BAR_WIDTH = 260
  private static final String USED = '#3572b0'
  private static final String FREE = '#d9e3ee'
  private static final String TEXT = '#222222'

  private CapacityPages() {}

  /** One line: idle and total GPUs, share in use, GPU-hours. */
  static String summary(Map c) {
    return "${shown(c.idleGpus)} of ${shown(c.totalGpus)} GPUs idle, ${ExaCli.percent(c.utilizationPercent)} in use, " +
        "${ExaCli.hours(c.gpuHours?.known)} GPU-hours" +
        (c.gpuHours?.unknownJobs ? " (+ ${c.gpuHours.unknownJobs} jobs unknown)" : '')
  }

  /** The report's page; its styles are in the file {@code css} beside it. */
  static String html(Map c, String css) {
    List rows = []
    for (def k : c.clusters) {
      rows << ("<tr><td>${e(k.cluster)}</td><td>${e(k.source)}</td><td class=\"n\">${e(shown(k.totalGpus))}</td>" +
          "<td class=\"n\">${e(shown(k.idleGpus))}</td><td>${meter(k)}</td>" +
          "<td class=\"n\">${e(ExaCli.hours(k.gpuHours?.known))}</td><td class=\"n\">${e(shown(k.cost))}</td>" +
          "<td>${e(shown(k.takenAt))}</td></tr>\n")
    }
    return """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>HPC Fleet capacity</title>
<link rel="stylesheet" href="${e(css)}">
</head><body>
<h1>HPC Fleet capacity</h1>
<p id="totals">${e(summary(c))}; cost ${e(shown(c.cost))} at ${e(shown(c.rate))} per GPU-hour.</p>
<table><thead><tr><th>Cluster</th><th>Source</th><th>GPUs</th><th>Idle</th><th>In use</th><th>GPU-hours</th><th>Cost</th><th>Snapshot</th></tr></thead>
<tbody>
${rows.join('')}</tbody></table>
</body></html>
"""
  }

  /** The report's styles, a file of their own: style-src 'self' allows it, not inline styles. */
  static String css() {
    return '''body{font-family:sans-serif;margin:2em;color:#222}
h1{font-size:1.4em}
table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}
th{background:#f2f5f8}
td.n{text-align:right}
meter{width:120px;height:12px;vertical-align:middle;margin-right:6px}
.unknown{color:#888}
'''
  }

  /** GPUs in use as a meter (a bar the browser draws, no style needed), or "unknown". */
  private static String meter(Map k) {
    if (k.utilizationPercent == null) {
      return '<span class="unknown">unknown</span>'
    }
    double used = Math.max(0d, Math.min(100d, ((Number) k.utilizationPercent).doubleValue()))
    return "<meter min=\"0\" max=\"100\" low=\"60\" high=\"90\" optimum=\"0\" value=\"${used}\" " +
        "title=\"${e(ExaCli.percent(k.utilizationPercent))} of GPUs in use\">${e(ExaCli.percent(k.utilizationPercent))}</meter>" +
        e(ExaCli.percent(k.utilizationPercent))
  }

  /** The chart: a bar per cluster (GPUs in use of all), with the totals above. */
  static String svg(Map c) {
    List clusters = c.clusters ?: []
    int height = 40 + ROW * Math.max(1, clusters.size()) + 28
    int width = BAR_X + BAR_WIDTH + 150
    List parts = []
    parts << text(10, 22, "HPC Fleet: ${summary(c)}", 14, 'bold')
    int y = 40
    if (clusters.isEmpty()) {
      parts << text(10, y + 18, 'no clusters approved yet', 12, 'normal')
    }
    for (def k : clusters) {
      parts << text(10, y + 18, k.cluster, 12, 'normal')
      parts << "<rect x=\"${BAR_X}\" y=\"${y + 6}\" width=\"${BAR_WIDTH}\" height=\"16\" fill=\"${FREE}\"/>"
      if (k.utilizationPercent != null) {
        double used = Math.max(0d, Math.min(100d, ((Number) k.utilizationPercent).doubleValue()))
        long w = Math.round(BAR_WIDTH * used / 100d)
        parts << "<rect class=\"used\" x=\"${BAR_X}\" y=\"${y + 6}\" width=\"${w}\" height=\"16\" fill=\"${USED}\"/>"
      }
      String figures = k.utilizationPercent == null
          ? "${shown(k.idleGpus)}/${shown(k.totalGpus)} idle, use unknown"
          : "${shown(k.idleGpus)}/${shown(k.totalGpus)} idle, ${ExaCli.percent(k.utilizationPercent)} used"
      parts << text(BAR_X + BAR_WIDTH + 8, y + 18, figures, 12, 'normal')
      y += ROW
    }
    parts << text(10, y + 16, asOf(clusters), 11, 'normal')
    return """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">
<title>${e(summary(c))}</title>
<rect width="${width}" height="${height}" fill="#ffffff"/>
${parts.join('\n')}
</svg>
"""
  }

  /**
   * When the figures were read: the oldest snapshot's time (the chart is as old as its oldest
   * figure), so that a chart left on a view for days says so.
   */
  static String asOf(List clusters) {
    String oldest = null
    for (def k : clusters) {
      String at = k.takenAt == null ? null : k.takenAt.toString()
      if (at != null && (oldest == null || at < oldest)) {
        oldest = at
      }
    }
    return oldest == null ? 'no snapshot read yet' : "as of ${oldest.replace('T', ' ').replaceAll('(\\.\\d+)?Z$', ' UTC')}"
  }

  private static String text(int x, int y, def value, int size, String weight) {
    return "<text x=\"${x}\" y=\"${y}\" font-family=\"sans-serif\" font-size=\"${size}\" font-weight=\"${weight}\" fill=\"${TEXT}\">${e(value)}</text>"
  }

  private static String shown(def value) {
    return value == null ? 'unknown' : value.toString()
  }

  private static String e(def value) {
    return ExaCli.markup(value)
  }
}
