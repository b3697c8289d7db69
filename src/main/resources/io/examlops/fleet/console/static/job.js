// A job's page: the last lines of its output, read from the console's JSON (data-source) and,
// while the job has not ended, read again every few seconds from where the last read stopped; it
// stops once the job has ended. The text is set as text, never as markup. The CSP allows no inline
// script: this file is the page's only one besides console.js.
(function () {
  "use strict";
  var first = document.getElementById("output");
  if (!first || !first.dataset.source) { return; }
  var source = first.dataset.source;
  var every = Number(first.dataset.every) || 5000;
  var LINES = 500;          // asked for at the first read
  var KEPT = 200000;        // characters kept on the page while it follows a long output
  var offset = 0;
  var reads = 0;
  var failures = 0;
  // What this script put on the page. A live update (console.js) puts back the parts of the page
  // that changed as the console wrote them (the facts when the job's state moves, the output's
  // part when the job ends): the output read so far, where it is and what was last said of it are
  // shown again there, and the elements are looked up anew each time.
  var shownText = "";
  var shownOutput = null;
  var said = null;

  function box() { return document.getElementById("output"); }

  function say(text, state) {
    said = { text: text, state: state };
    document.getElementById("output-status").textContent = text;
    box().dataset.state = state;
  }

  function showText() {
    var pre = document.getElementById("output-text");
    if (shownText) {
      pre.hidden = false;
      pre.textContent = shownText;
      pre.scrollTop = pre.scrollHeight;
    }
  }

  document.addEventListener("hpc-fleet:updated", function () {
    if (shownOutput) { set("output-file", shownOutput); }
    showText();
    if (said) { say(said.text, said.state); }
    box().dataset.reads = String(reads);
  });

  function time() {
    return new Date().toISOString().substring(11, 19) + " UTC";
  }

  function set(id, text) {
    var element = document.getElementById(id);
    if (element && text !== null && text !== undefined) { element.textContent = String(text); }
  }

  // What the read says of the job, on the page: its state and exit code may have moved on.
  function facts(job, output) {
    set("job-state", job.state);
    set("fact-state", job.state);
    if (job.exitCode !== null) { set("fact-exit", job.exitCode); }
    if (output) {
      shownOutput = output;
      set("output-file", output);
    }
  }

  function read() {
    var url = source + "?offset=" + offset + (reads === 0 ? "&lines=" + LINES : "");
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) {
        return r.json().then(function (body) { return { ok: r.ok, status: r.status, body: body }; },
          function () { return { ok: false, status: r.status, body: null }; });
      })
      .then(function (answer) {
        if (!answer.ok) {
          failed(answer.status, answer.body && answer.body.error);
          return;
        }
        failures = 0;
        shown(answer.body);
      }, function (e) {
        failed(0, { message: "the console did not answer (" + e.message + ")" });
      });
  }

  function shown(a) {
    reads++;
    offset = a.offset;
    facts(a.job, a.output);
    if (a.text) {
      var all = shownText + (reads === 1 && a.cut ? "[earlier lines left out]\n" : "") + a.text;
      shownText = all.length > KEPT ? all.substring(all.length - KEPT) : all;
      showText();
    }
    box().dataset.reads = String(reads);
    if (a.ended) {
      say(a.found ? "The job has ended (" + a.job.state + "): its output is complete."
        : "The job has ended (" + a.job.state + ") and its output file " + a.output
          + " does not exist: it never started, or the file was moved.", "ended");
      return;
    }
    say((a.found ? "Live: read again every " + every / 1000 + " s while the job runs"
      : "No output yet at " + a.output + " (the job is " + a.job.state
        + "); looking again every " + every / 1000 + " s")
      + " · last read " + time() + ".", "live");
    window.setTimeout(read, every);
  }

  // A refusal (4xx) stops: reading again would be refused again. A cluster that cannot be reached
  // (5xx) is tried again, more slowly, while the job may still write.
  function failed(code, error) {
    var why = error && error.message ? error.message : "HTTP " + code;
    var hint = error && error.hint ? " (" + error.hint + ")" : "";
    failures++;
    if (code >= 400 && code < 500) {
      say("The output cannot be read: " + why + hint, "refused");
      return;
    }
    if (box().dataset.ended === "true" && failures >= 3) {
      say("The output cannot be read: " + why + hint, "failed");
      return;
    }
    say("The output cannot be read now: " + why + hint + "; trying again.", "retrying");
    window.setTimeout(read, Math.min(every * Math.pow(2, failures), 60000));
  }

  read();
}());
