// The capacity dashboard's charts (chart.js from the jar). The page's CSP allows no inline script.
(function () {
  "use strict";
  function getJson(url) {
    return fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { if (!r.ok) { throw new Error(url + ": " + r.status); } return r.json(); });
  }

  function freeChart(canvas) {
    getJson(canvas.dataset.source).then(function (capacity) {
      var clusters = capacity.clusters.filter(function (c) { return c.totalGpus !== null; });
      canvas.chart = new Chart(canvas, {
        type: "bar",
        data: {
          labels: clusters.map(function (c) { return c.cluster; }),
          datasets: [
            { label: "free", data: clusters.map(function (c) { return c.idleGpus; }), backgroundColor: "#1a7f37" },
            { label: "in use", data: clusters.map(function (c) {
              return c.idleGpus === null ? null : c.totalGpus - c.idleGpus; }), backgroundColor: "#8250df" }
          ]
        },
        options: { animation: false, scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true } } }
      });
      canvas.dataset.points = String(clusters.length);
    });
  }

  function utilizationChart(canvas, range) {
    getJson(canvas.dataset.source + "?range=" + encodeURIComponent(range)).then(function (body) {
      var byCluster = {};
      body.samples.forEach(function (s) {
        if (s.gpusInUse === null || s.totalGpus === 0) { return; }
        (byCluster[s.cluster] = byCluster[s.cluster] || []).push({ x: s.at, y: 100 * s.gpusInUse / s.totalGpus });
      });
      var datasets = Object.keys(byCluster).sort().map(function (name) {
        return { label: name, data: byCluster[name], parsing: false };
      });
      if (canvas.chart) { canvas.chart.destroy(); }
      canvas.chart = new Chart(canvas, {
        type: "line",
        data: { datasets: datasets.map(function (d) {
          return { label: d.label, data: d.data.map(function (p) { return p.y; }) }; }),
          labels: datasets.length ? datasets[0].data.map(function (p) { return p.x.substring(11, 16); }) : [] },
        options: { animation: false, scales: { y: { min: 0, max: 100, title: { display: true, text: "% of GPUs in use" } } } }
      });
      canvas.dataset.points = String(body.samples.length);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var free = document.getElementById("chart-free");
    if (free && window.Chart) { freeChart(free); }
    var utilization = document.getElementById("chart-utilization");
    var range = document.getElementById("range");
    if (utilization && window.Chart) {
      utilizationChart(utilization, range.value);
      range.addEventListener("change", function () { utilizationChart(utilization, range.value); });
    }
  });
})();
