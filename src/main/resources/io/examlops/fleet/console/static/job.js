// A job's page: the last lines of its output, read from the console's JSON (data-source) and,
// while the job has not ended, read again every few seconds from where the last read stopped; it
// stops once the job has ended. The text is set as text, never as markup. The CSP allows no inline
// script: this file is the page's only one besides console.js.
(function () {
  "use strict";
  var box = document.getElementById("output");
  if (!box || !box.dataset.source) { return; }
  var pre = document.getElementById("output-text");
  var status = document.getElementById("output-status");
  var every = Number(box.dataset.every) || 5000;
  var LINES = 500;          // asked for at the first read
  var KEPT = 200000;        // characters kept on the page while it follows a long output
  var offset = 0;
  var reads = 0;
  var failures = 0;

  function say(text, state) {
    status.textContent = text;
    box.dataset.state = state;
  }

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
    if (output) { set("output-file", output); }
  }

  function read() {
    var url = box.dataset.source + "?offset=" + offset + (reads === 0 ? "&lines=" + LINES : "");
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
      pre.hidden = false;
      var text = (reads === 1 && a.cut ? "[earlier lines left out]\n" : "") + a.text;
      var all = pre.textContent + text;
      pre.textContent = all.length > KEPT ? all.substring(all.length - KEPT) : all;
      pre.scrollTop = pre.scrollHeight;
    }
    box.dataset.reads = String(reads);
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
    if (box.dataset.ended === "true" && failures >= 3) {
      say("The output cannot be read: " + why + hint, "failed");
      return;
    }
    say("The output cannot be read now: " + why + hint + "; trying again.", "retrying");
    window.setTimeout(read, Math.min(every * Math.pow(2, failures), 60000));
  }

  read();
}());
