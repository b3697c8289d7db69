#!/bin/bash
# A stand-in `flux` for the integration tests: no Flux package exists for Debian 12, so the test
# Flux cluster answers the probe's read-only queries with REAL outputs captured from flux-core
# 0.88.0 (the "gpu instance, state C (mixed)" of src/test/resources/fixtures/flux/README.md).
# Installed by flux-user-up.sh as the first `flux` on the PATH of the SSH user fluxuser. Any command
# it has no capture for answers as flux does for an unknown command, so nothing is invented.
set -euo pipefail
captures=${FAKE_FLUX_CAPTURES:-/opt/examlops-testbed/fake-flux/captures}
# The instance's URI, as its `flux version` printed it. With FLUX_URI naming another instance no
# broker answers: the answers are those of live-0.88/C-no-instance (flux-core 0.88 with no broker),
# with the socket path flux names replaced by the one asked for, as flux itself names it.
instance=$(awk -F'\t+' '/^FLUX_URI:/ {print $2}' "$captures/instance/flux-V.txt")
if [ -n "${FLUX_URI:-}" ] && [ "$FLUX_URI" != "$instance" ]; then
  none="$captures/live-0.88/C-no-instance"
  socket=${FLUX_URI#local://}
  case "$1" in
    version) cat "$captures/instance/version-outside-instance.txt"; exit 0 ;;
    resource) sed "s|/run/flux/local|$socket|" "$none/04-resource-R.stderr" >&2 ;;
    jobs) sed "s|/run/flux/local|$socket|" "$none/06-jobs.stderr" >&2 ;;
    config) cat "$none/07-config-get.stderr" >&2 ;;
    *) cat "$none/02-getattr-size.stderr" >&2 ;;
  esac
  exit 1
fi
# `flux job wait-event --format=json --verbose --timeout=T ID clean`, what the product watches a job
# with. Job fMz4uQyd (exit3, ended) answers with its captured eventlog (live-0.88/A-hwloc-test4/58,
# `flux job info ID eventlog`: the same JSON lines, which -v prints up to the `clean` it waited for).
# Job fd8Dk1UB (fill3, running in capture 72) answers as a running job does: its events so far (58's
# up to `memo`, as that job's were while it ran), then after T the timeout message of flux-core
# 0.88's src/cmd/job/eventlog.c, rc 1. Any other id: that file's "job ID not found", rc 1.
wait_event() {
  local events="$captures/live-0.88/A-hwloc-test4/58-job-info-eventlog.stdout"
  case "$1" in
    fMz4uQyd) cat "$events" ;;
    fd8Dk1UB)
      sed '/"name":"finish"/,$d' "$events"
      sleep "$2"
      echo "flux-job: wait-event timeout on event 'clean'" >&2; exit 1 ;;
    *) echo "flux-job: job $1 not found" >&2; exit 1 ;;
  esac
}
case "$*" in
  "version") cat "$captures/instance/flux-V.txt" ;;
  "resource R -s all") cat "$captures/resource-R/resource-R.json" ;;
  "resource R -s allocated") cat "$captures/resource-R/resource-R-s-allocated.json" ;;
  "resource status -s all -n -o {state}|{statex}|{status}|{ranks}|{nodelist}|{timestamp}|{reason}")
    # the capture asked for more fields with a header; keep the ones this format names, in order
    tail -n +2 "$captures/resource-status/resource-status-fmt-fields.txt" \
      | awk -F'|' -v OFS='|' '{ r=$10; for (i=11;i<=NF;i++) r=r "|" $i; print $1,$2,$3,$7,$8,$9,r }' ;;
  "config get")
    # flux config get prints the instance's whole config; the capture has its queues and resource tables
    printf '{"queues":%s,"resource":%s,"policy":{"jobspec":{"defaults":{"system":{"queue":"batch"}}}}}\n' \
      "$(cat "$captures/instance/config-get-queues.json")" "$(cat "$captures/instance/config-get-resource.json")" ;;
  "queue status") cat "$captures/instance/queue-status-D.txt" ;;
  account\ *) cat "$captures/account/account-noarg.stderr.txt" >&2; exit 1 ;;
  "job wait-event --format=json --verbose --timeout="*" clean") wait_event "$6" "${5#--timeout=}" ;;
  *) printf "flux: \`%s' is not a flux command.  See 'flux --help'\n" "$1" >&2; exit 1 ;;
esac
