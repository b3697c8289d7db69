// The capacity dashboard's charts (chart.js from the jar). The page's CSP allows no inline script.
(function () {
  "use strict";
  var FLEET_COLOR = "#1f2328";
  var CLUSTER_COLORS = ["#0969da", "#1a7f37", "#8250df", "#bf3989", "#9a6700", "#cf222e", "#1b7c83", "#953800"];

  function getJson(url) {
    return fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { if (!r.ok) { throw new Error(url + ": " + r.status); } return r.json(); });
  }

  // Shows the chart, or in its place why there is nothing to draw; data-points says how many
  // points are drawn (0 with a reason), for people and tests alike. Called before the chart is
  // made, so that chart.js sizes a canvas that is displayed (its own inline style wins over the
  // hidden attribute: the style is set instead).
  function show(canvas, points, noData) {
    var none = document.getElementById(canvas.id + "-none");
    canvas.style.display = noData === null ? "" : "none";
    if (none) {
      none.hidden = noData === null;
      none.textContent = noData === null ? "" : noData;
    }
    canvas.dataset.points = String(noData === null ? points : 0);
  }

  function replace(canvas, config) {
    if (canvas.chart) { canvas.chart.destroy(); }
    canvas.chart = new Chart(canvas, config);
  }

  // GPUs are whole: an axis of GPUs never shows 3.5.
  function gpuAxis(title, stacked) {
    return { stacked: stacked, beginAtZero: true, title: { display: true, text: title },
      ticks: { precision: 0 } };
  }

  function freeChart(canvas, capacity) {
    var clusters = capacity.clusters.filter(function (c) { return c.totalGpus !== null; });
    if (clusters.length === 0) {
      show(canvas, 0, "no data yet: no ACTIVE cluster has said how many GPUs it has; "
        + "an approved cluster's GPUs show after its first refresh");
      return;
    }
    var bars = clusters.map(function (c) {
      return { label: c.cluster, free: c.idleGpus, total: c.totalGpus };
    });
    bars.push({ label: "fleet", free: capacity.idleGpus, total: capacity.totalGpus });
    show(canvas, bars.length, null);
    replace(canvas, {
      type: "bar",
      data: {
        labels: bars.map(function (b) { return b.label; }),
        datasets: [
          { label: "free", data: bars.map(function (b) { return b.free; }), backgroundColor: "#1a7f37" },
          { label: "in use", data: bars.map(function (b) {
            return b.free === null ? null : b.total - b.free; }), backgroundColor: "#8250df" }
        ]
      },
      options: { animation: false, scales: { x: { stacked: true }, y: gpuAxis("GPUs", true) } }
    });
  }

  function costChart(canvas, capacity) {
    var known = capacity.clusters.filter(function (c) { return c.cost !== null; });
    if (known.length === 0) {
      show(canvas, 0, "no data yet: no tracked job on an ACTIVE cluster has known GPU-hours");
      return;
    }
    var labels = known.map(function (c) { return c.cluster; }).concat(["fleet"]);
    var costs = known.map(function (c) { return c.cost; }).concat([capacity.cost]);
    show(canvas, labels.length, null);
    replace(canvas, {
      type: "bar",
      data: { labels: labels, datasets: [{ label: "cost (" + capacity.currency + ")", data: costs,
        backgroundColor: labels.map(function (l) { return l === "fleet" ? FLEET_COLOR : "#0969da"; }) }] },
      options: {
        animation: false,
        scales: { y: { beginAtZero: true, title: { display: true, text: capacity.currency } } },
        plugins: { tooltip: { callbacks: { label: function (item) {
          return item.parsed.y.toFixed(2) + " " + capacity.currency; } } } }
      }
    });
  }

  // A time axis in UTC without a date adapter: x is milliseconds since the epoch.
  function timeLabel(range) {
    return function (ms) {
      var iso = new Date(ms).toISOString();
      return range === "week" ? iso.substring(5, 10) + " " + iso.substring(11, 16) : iso.substring(11, 16);
    };
  }

  function utilizationChart(canvas, range) {
    getJson(canvas.dataset.source + "?range=" + encodeURIComponent(range)).then(function (body) {
      if (body.noData !== null) {
        if (canvas.chart) { canvas.chart.destroy(); canvas.chart = null; }
        show(canvas, 0, body.noData);
        return;
      }
      // Each cluster on its own sample times; null (unknown) leaves a gap, never 0.
      var byCluster = {};
      body.samples.forEach(function (s) {
        (byCluster[s.cluster] = byCluster[s.cluster] || []).push({ x: Date.parse(s.at), y: s.gpusInUse });
      });
      // A sample stands until the next one: steps, never a slope between two samples.
      var datasets = Object.keys(byCluster).sort().map(function (name, i) {
        var color = CLUSTER_COLORS[i % CLUSTER_COLORS.length];
        return { label: name, data: byCluster[name], parsing: false, spanGaps: false, pointRadius: 2,
          stepped: true, borderColor: color, backgroundColor: color };
      });
      datasets.push({ label: "fleet: GPUs in use", parsing: false, borderColor: FLEET_COLOR,
        backgroundColor: FLEET_COLOR, borderWidth: 3, pointRadius: 0, spanGaps: false, stepped: true,
        data: body.fleet.map(function (p) { return { x: Date.parse(p.at), y: p.gpusInUse }; }) });
      datasets.push({ label: "fleet: GPUs in total", parsing: false, borderColor: "#8c959f",
        borderDash: [6, 4], pointRadius: 0, stepped: true,
        data: body.fleet.map(function (p) { return { x: Date.parse(p.at), y: p.totalGpus }; }) });
      show(canvas, body.samples.length, null);
      replace(canvas, {
        type: "line",
        data: { datasets: datasets },
        options: {
          animation: false,
          scales: {
            x: { type: "linear", min: Date.parse(body.since), max: Date.now(),
              title: { display: true, text: "time (UTC)" },
              ticks: { maxTicksLimit: 8, callback: timeLabel(range) } },
            y: gpuAxis("GPUs in use", false)
          },
          plugins: { tooltip: { callbacks: { title: function (items) {
            return items.length ? new Date(items[0].parsed.x).toISOString().substring(0, 19).replace("T", " ") + " UTC" : "";
          } } } }
        }
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    if (!window.Chart) { return; }
    var free = document.getElementById("chart-free");
    var cost = document.getElementById("chart-cost");
    if (free || cost) {
      getJson((free || cost).dataset.source).then(function (capacity) {
        if (free) { freeChart(free, capacity); }
        if (cost) { costChart(cost, capacity); }
      });
    }
    var utilization = document.getElementById("chart-utilization");
    var range = document.getElementById("range");
    if (utilization) {
      utilizationChart(utilization, range.value);
      range.addEventListener("change", function () { utilizationChart(utilization, range.value); });
    }
  });
})();
