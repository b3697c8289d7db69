#!/bin/bash
# Stops everything the testbed scripts started, by PID file only (never by process name).
alive() { local s; s=$(ps -o stat= -p "$1" 2>/dev/null) || return 1; [[ $s != Z* ]]; }  # a zombie is gone
stop() {  # TERM every pid file given, wait up to 15 s, then KILL what is left
  local f p pids=()
  for f in "$@"; do [ -s "$f" ] || continue; p=$(cat "$f"); alive "$p" && { kill "$p"; pids+=("$p"); }; rm -f "$f"; done
  for _ in $(seq 150); do
    local left=0; for p in "${pids[@]}"; do alive "$p" && left=1; done
    [ $left = 0 ] && break; sleep 0.1
  done
  for p in "${pids[@]}"; do alive "$p" && { echo "pid $p ignored TERM, sending KILL"; kill -9 "$p"; }; done
  return 0
}
if command -v scontrol >/dev/null && scontrol ping >/dev/null 2>&1; then
  squeue -h -o %A | xargs -r scancel
  for _ in $(seq 100); do [ -z "$(squeue -h -o %A)" ] && break; sleep 0.1; done
fi
stop /run/slurmrestd.pid
stop /run/slurmd-*.pid
stop /run/slurmctld.pid
stop /run/slurmdbd.pid
stop /run/mysqld/mysqld.pid
stop /run/sshd-examlops-testbed.pid
stop /run/sshd-examlops-bastion.pid /run/sshd-examlops-behind.pid /run/sshd-examlops-cert.pid
ip link del exa-bastion0 2>/dev/null || true
ip netns del examlops-bastion 2>/dev/null || true
stop /run/munge/munged.pid
exit 0
