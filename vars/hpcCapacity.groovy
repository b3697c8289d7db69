// hpcCapacity: the fleet's capacity now, as a table in the build log, an HTML report that renders
// under Jenkins' default Content-Security-Policy, and an SVG chart for a dashboard view
// (see hpcCapacity.txt).
import io.examlops.fleet.jenkins.CapacityPages
import io.examlops.fleet.jenkins.ExaCli

def call(Map p = [:]) {
  ExaCli exa = new ExaCli(this, 'hpcCapacity')
  exa.checkParameters(p, [], ['report', 'svg', 'credentialsId'])
  String report = p.report == null ? null : exa.workspaceFile('report', p.report)
  String svg = p.svg == null ? null : exa.workspaceFile('svg', p.svg)
  if (report != null && !report.endsWith('.html')) {
    error("hpcCapacity: parameter 'report' must name an .html file (its styles go beside it, in a .css file of the same name), got '${report}'")
  }
  if (svg != null && !svg.endsWith('.svg')) {
    error("hpcCapacity: parameter 'svg' must name an .svg file, got '${svg}'")
  }
  Map result = exa.run(['hpc', 'capacity'], p.credentialsId)
  exa.failOnError(result)
  Map c = result.json
  List rows = []
  for (def cluster : c.clusters) {
    rows << [cluster.cluster, shown(cluster.totalGpus), shown(cluster.idleGpus),
             ExaCli.percent(cluster.utilizationPercent), ExaCli.hours(cluster.gpuHours?.known),
             shown(cluster.cost)]
  }
  echo("hpcCapacity: ${CapacityPages.summary(c)}\n" +
      ExaCli.table(['CLUSTER', 'GPUS', 'IDLE', 'USED', 'GPU_HOURS', 'COST'], rows))
  if (report != null) {
    String css = report.substring(0, report.length() - '.html'.length()) + '.css'
    writeFile(file: report, text: CapacityPages.html(c, css.tokenize('/').last()))
    writeFile(file: css, text: CapacityPages.css())
    echo("hpcCapacity: report written to ${report} and ${css} (publish both with publishHTML)")
  }
  if (svg != null) {
    writeFile(file: svg, text: CapacityPages.svg(c))
    echo("hpcCapacity: chart written to ${svg} (archive it with archiveArtifacts; docs/jenkins.md shows it on a view)")
  }
  return c
}

private String shown(def value) {
  return value == null ? 'unknown' : value.toString()
}
