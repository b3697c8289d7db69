// hpcCapacity: the fleet's capacity now, and a self-contained HTML report of it (see
// hpcCapacity.txt).

def call(Map p = [:]) {
  String step = 'hpcCapacity'
  hpcExa.checkParameters(step, p, [], ['report', 'credentialsId'])
  String file = p.report == null ? null : p.report.toString()
  if (file != null && (!file.matches('[A-Za-z0-9._/-]{1,200}') || file.startsWith('/') || file.contains('..'))) {
    error("${step}: parameter 'report' must be a relative path in the workspace (letters, digits, . _ - /), got '${file}'")
  }
  Map result = hpcExa.run(step: step, args: ['hpc', 'capacity'], credentialsId: p.credentialsId)
  hpcExa.failOnError(step, result)
  Map c = result.json
  List rows = []
  for (def cluster : c.clusters) {
    rows << [cluster.cluster, shown(cluster.totalGpus), shown(cluster.idleGpus),
             percent(cluster.utilizationPercent), shown(cluster.gpuHours?.known), money(cluster.cost)]
  }
  echo("hpcCapacity: ${shown(c.idleGpus)} of ${shown(c.totalGpus)} GPUs idle, ${percent(c.utilizationPercent)} used\n" +
      hpcExa.table(['CLUSTER', 'GPUS', 'IDLE', 'USED', 'GPU_HOURS', 'COST'], rows))
  if (file != null) {
    writeFile(file: file, text: html(c))
    echo("hpcCapacity: report written to ${file} (publish it with publishHTML)")
  }
  return c
}

private String shown(def value) {
  return value == null ? 'unknown' : value.toString()
}

private String percent(def value) {
  return value == null ? 'unknown' : "${value}%"
}

private String money(def value) {
  return value == null ? 'unknown' : value.toString()
}

/** Text made safe inside HTML. */
private String esc(def value) {
  return shown(value).replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')
      .replace('"', '&quot;').replace("'", '&#39;')
}

/** A bar of the share of GPUs in use; no script, no external style: it opens anywhere offline. */
private String bar(def used) {
  if (used == null) {
    return '<span class="unknown">unknown</span>'
  }
  int width = used instanceof Number ? Math.max(0, Math.min(100, used.intValue())) : 0
  return "<div class=\"bar\"><div style=\"width:${width}%\"></div></div> ${esc(used)}%"
}

private String html(Map c) {
  List rows = []
  for (def k : c.clusters) {
    rows << ("<tr><td>${esc(k.cluster)}</td><td>${esc(k.source)}</td><td class=\"n\">${esc(k.totalGpus)}</td>" +
        "<td class=\"n\">${esc(k.idleGpus)}</td><td>${bar(k.utilizationPercent)}</td>" +
        "<td class=\"n\">${esc(k.gpuHours?.known)}</td><td class=\"n\">${esc(k.cost)}</td>" +
        "<td>${esc(k.takenAt)}</td></tr>\n")
  }
  return """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>HPC Fleet capacity</title>
<style>
body{font-family:sans-serif;margin:2em;color:#222}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}
td.n{text-align:right}.bar{display:inline-block;width:120px;height:10px;background:#eee;vertical-align:middle}
.bar div{height:10px;background:#3572b0}.unknown{color:#888}
</style></head><body>
<h1>HPC Fleet capacity</h1>
<p id="totals">${esc(c.idleGpus)} of ${esc(c.totalGpus)} GPUs idle; ${esc(c.utilizationPercent)}% in use;
${esc(c.gpuHours?.known)} GPU-hours used (${esc(c.gpuHours?.unknownJobs)} jobs unknown), cost ${esc(c.cost)} at ${esc(c.rate)} per GPU-hour.</p>
<table><thead><tr><th>Cluster</th><th>Source</th><th>GPUs</th><th>Idle</th><th>In use</th><th>GPU-hours</th><th>Cost</th><th>Snapshot</th></tr></thead>
<tbody>
${rows.join('')}</tbody></table>
</body></html>
"""
}
