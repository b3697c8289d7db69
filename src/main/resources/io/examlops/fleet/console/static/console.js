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

  var MINUTE = 60000;
  var HOUR = 60 * MINUTE;
  // Steps a time axis may take: round in any time zone whose offset is whole quarter hours.
  var STEPS = [MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR,
    3 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR];

  var RANGES = { hour: HOUR, day: 24 * HOUR, week: 7 * 24 * HOUR };

  // Round times between min and max on the user's clock: the smallest step of STEPS that gives at
  // most `most` ticks over `span` (the range chosen, or the data's own), each tick a whole multiple
  // of it in local time (09:00, 09:15, ...; midnight for days).
  function roundTicks(min, max, span, most) {
    var step = STEPS[STEPS.length - 1];
    for (var i = 0; i < STEPS.length; i++) {
      if (span / STEPS[i] <= most) { step = STEPS[i]; break; }
    }
    var offset = new Date(min).getTimezoneOffset() * MINUTE;
    var first = Math.ceil((min - offset) / step) * step + offset;
    var ticks = [];
    for (var t = first; t <= max; t += step) {
      // A change of offset (summer time) inside the range moves later ticks with the clock.
      var shift = (new Date(t).getTimezoneOffset() * MINUTE) - offset;
      ticks.push(t + shift);
    }
    return { step: step, ticks: ticks };
  }

  function two(n) { return (n < 10 ? "0" : "") + n; }

  // A tick's label in local time: the time of day, with the date where ticks are days apart or
  // the range covers several days.
  function localLabel(ms, withDate) {
    var d = new Date(ms);
    var time = two(d.getHours()) + ":" + two(d.getMinutes());
    return withDate ? d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate()) + " " + time : time;
  }

  function zoneName() {
    try { return Intl.DateTimeFormat().resolvedOptions().timeZone || "local time"; } catch (e) { return "local time"; }
  }

  function utilizationChart(canvas, range) {
    // "fit": a week of samples, the axis from the first one to now, so that minutes of data are
    // not crushed at the right edge of a day.
    var asked = range === "fit" ? "week" : range;
    getJson(canvas.dataset.source + "?range=" + encodeURIComponent(asked)).then(function (body) {
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
      var max = Date.now();
      var min = Date.parse(body.since);
      if (range === "fit") {
        var first = Math.min.apply(null, body.samples.map(function (s) { return Date.parse(s.at); }));
        min = Math.max(min, Math.min(first, max - 5 * MINUTE));
      }
      var axis = roundTicks(min, max, RANGES[range] || max - min, 8);
      var withDate = axis.step >= 24 * HOUR || (RANGES[range] || max - min) > 24 * HOUR;
      var labels = axis.ticks.map(function (t) { return localLabel(t, withDate); });
      // The ticks as drawn, for people reading the page's source and for tests alike.
      canvas.dataset.ticks = labels.join("|");
      canvas.dataset.tickStep = String(axis.step / MINUTE);
      show(canvas, body.samples.length, null);
      replace(canvas, {
        type: "line",
        data: { datasets: datasets },
        options: {
          animation: false,
          scales: {
            x: { type: "linear", min: min, max: max,
              title: { display: true, text: "time (" + zoneName() + ")" },
              afterBuildTicks: function (scale) {
                scale.ticks = axis.ticks.map(function (t) { return { value: t }; });
              },
              ticks: { autoSkip: false, callback: function (value) { return localLabel(value, withDate); } } },
            y: gpuAxis("GPUs", false)
          },
          plugins: {
            legend: { display: true, position: "bottom" },
            tooltip: { callbacks: { title: function (items) {
              return items.length ? localLabel(items[0].parsed.x, true) + " (" + zoneName() + ")" : "";
            } } }
          }
        }
      });
    });
  }

  // "42 s ago", "3 min ago", "5 h ago", "2 d ago": the words Ages.span writes on the server.
  function ago(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    var span = s < 60 ? s + " s" : s < 3600 ? Math.floor(s / 60) + " min"
      : s < 86400 ? Math.floor(s / 3600) + " h" : Math.floor(s / 86400) + " d";
    return span + " ago";
  }

  // Every <time class="ago"> says how old its figure is now, not when the page was made.
  function tickAges() {
    var now = Date.now();
    document.querySelectorAll("time.ago[datetime]").forEach(function (t) {
      var at = Date.parse(t.getAttribute("datetime"));
      if (!isNaN(at)) { t.textContent = ago(now - at); }
    });
  }

  function showPending(n) {
    var badge = document.getElementById("pending-count");
    var nav = document.getElementById("pending-nav");
    if (badge) { badge.hidden = n === 0; badge.textContent = n + " pending"; badge.dataset.pending = String(n); }
    if (nav) { nav.hidden = n === 0; nav.textContent = String(n); }
  }

  function liveStatus(state, text) {
    var status = document.getElementById("live-status");
    if (status) { status.dataset.state = state; status.textContent = text; }
  }

  // A form the user is filling in is never swept away: its page waits for a reload instead.
  function userIsTyping(main) {
    var active = document.activeElement;
    if (active && main.contains(active) && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName)
      && active.type !== "submit") { return true; }
    return main.querySelector("[data-edited]") !== null;
  }

  var SPREAD_MS = 2000;
  var fetching = false;
  var again = false;

  // A part of a page as the console wrote it, without what the page changes itself (the ages it
  // counts up), so that two versions compare equal when nothing they show changed.
  function written(element) {
    var copy = element.cloneNode(true);
    copy.querySelectorAll("time.ago").forEach(function (t) { t.textContent = ""; });
    return copy.outerHTML;
  }

  // What each part of the main element was when the console last wrote it (before charts drew).
  var shownParts = [];

  function rememberParts(main) {
    shownParts = Array.prototype.map.call(main.children, written);
  }

  // Replaces only the parts of the page that changed: a button, a form or a chart that did not
  // change stays the element it was (a click on it is never lost to a new copy of it).
  function replaceChangedParts(main, next) {
    var fresh = Array.prototype.slice.call(next.children);
    var freshParts = fresh.map(written);
    if (fresh.length !== main.children.length) {
      main.innerHTML = next.innerHTML;
    } else {
      for (var i = 0; i < fresh.length; i++) {
        if (freshParts[i] !== shownParts[i]) {
          main.replaceChild(document.importNode(fresh[i], true), main.children[i]);
        }
      }
    }
    shownParts = freshParts;
  }

  // Fetches the page as it is now and shows its main part in place of this one's.
  function refreshPage() {
    var main = document.getElementById("main");
    if (!main) { return; }
    if (userIsTyping(main)) {
      liveStatus("stale", "live: newer figures wait until you reload");
      return;
    }
    if (fetching) { again = true; return; }
    fetching = true;
    fetch(location.href, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (r) {
        if (r.redirected || !r.ok) { throw new Error(String(r.status)); }
        return r.text();
      })
      .then(function (html) {
        var next = new DOMParser().parseFromString(html, "text/html").getElementById("main");
        if (next && !userIsTyping(main)) {
          var before = Array.prototype.slice.call(main.children);
          var range = document.getElementById("range");
          var chosen = range ? range.value : null;
          replaceChangedParts(main, next);
          if (chosen && document.getElementById("range")) { document.getElementById("range").value = chosen; }
          tickAges();
          // Charts are drawn again only where their part of the page is new.
          var redrawn = Array.prototype.some.call(main.children, function (part) {
            return before.indexOf(part) < 0 && part.querySelector("canvas");
          });
          if (redrawn) { startCharts(); }
          document.dispatchEvent(new CustomEvent("hpc-fleet:updated"));
        }
      })
      .catch(function () { liveStatus("stale", "live: could not fetch the page; reload it"); })
      .then(function () {
        fetching = false;
        if (again) { again = false; refreshPage(); }
      });
  }

  function connectLive() {
    // A page that answered a form (a POST) is not fetched again: that would send the form again.
    var main = document.getElementById("main");
    if (!main || main.dataset.live !== "true") { liveStatus("off", ""); return; }
    if (!window.EventSource) { liveStatus("off", "live updates: not offered by this browser"); return; }
    var stream = new EventSource("/live");
    var wasLost = false;
    // A page left behind lets its stream go at once: a browser opens few connections to one host,
    // and a stream kept by a page in the history would hold one of them.
    window.addEventListener("pagehide", function () { stream.close(); });
    stream.addEventListener("hello", function (e) {
      liveStatus("live", "live");
      showPending(JSON.parse(e.data).pending);
      // What changed while the connection was lost is fetched at once.
      if (wasLost) { wasLost = false; refreshPage(); }
    });
    stream.addEventListener("change", function (e) {
      showPending(JSON.parse(e.data).pending);
      // Every open page hears of a change at once: each fetches itself within SPREAD_MS, not all in
      // the same instant, so that hundreds of open pages are a steady load and not a burst.
      setTimeout(refreshPage, Math.random() * SPREAD_MS);
    });
    stream.onerror = function () {
      wasLost = true;
      // The browser reconnects by itself while the stream is CONNECTING; CLOSED means the console
      // refused it (the session ended): the page says so and stops.
      if (stream.readyState === EventSource.CLOSED) {
        liveStatus("lost", "live updates stopped: reload the page (you may have to sign in again)");
      } else {
        liveStatus("lost", "connection to the console lost: reconnecting…");
      }
    };
  }

  function startCharts() {
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
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.addEventListener("input", function (e) {
      if (e.target.form && e.target.id !== "range") { e.target.dataset.edited = "true"; }
    });
    var main = document.getElementById("main");
    if (main) { rememberParts(main); }
    tickAges();
    setInterval(tickAges, 1000);
    startCharts();
    connectLive();
  });
})();
