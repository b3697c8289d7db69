#!/bin/bash
# Switches the running testbed cluster between accounting (slurmdbd, as slurm-up.sh starts it) and
# none, the set-up of many small clusters: `slurm-accounting.sh off` sets
# AccountingStorageType=accounting_storage/none (sacct and sacctmgr then answer "Slurm accounting
# storage is disabled") and MinJobAge=2 (slurmctld forgets an ended job within about a minute: its
# purge runs every 60 s); `slurm-accounting.sh on` restores slurm-up.sh's settings. slurmctld is
# restarted with its saved state, so running jobs, drained and down nodes stay as they were;
# slurmdbd keeps running either way. Run as root, after slurm-up.sh. Used by SlurmWithoutAccountingIT.
set -euo pipefail
mode=${1:?usage: slurm-accounting.sh on|off}
conf=/etc/slurm/slurm.conf
say() { printf '[slurm-accounting %s +%ss] %s\n' "$mode" "$SECONDS" "$*"; }
case $mode in
  # slurmctld refuses to start with AccountingStorageTRES but no slurmdbd ("fatal: slurmdbd is
  # required to run with TRES gres/gpu"), so that line goes with it
  off) sed -i -e 's|^AccountingStorageType=.*|AccountingStorageType=accounting_storage/none|' \
              -e 's|^AccountingStorageTRES=|#AccountingStorageTRES=|' \
              -e 's|^MinJobAge=[0-9]*|MinJobAge=2|' "$conf" ;;
  on)  sed -i -e 's|^AccountingStorageType=.*|AccountingStorageType=accounting_storage/slurmdbd|' \
              -e 's|^#AccountingStorageTRES=|AccountingStorageTRES=|' \
              -e 's|^MinJobAge=[0-9]*|MinJobAge=600|' "$conf" ;;
  *) echo "usage: slurm-accounting.sh on|off" >&2; exit 2 ;;
esac
pid=$(cat /run/slurmctld.pid 2>/dev/null || true)
if [ -n "$pid" ] && kill "$pid" 2>/dev/null; then
  for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && { echo "slurmctld $pid did not stop" >&2; exit 1; }
fi
/usr/sbin/slurmctld -i
for _ in $(seq 150); do scontrol ping >/dev/null 2>&1 && break; sleep 0.2; done
scontrol ping >/dev/null 2>&1 || {
  echo "slurmctld did not come back; its log says:" >&2; tail -5 /var/log/slurm/slurmctld.log >&2
  exit 1
}
scontrol reconfigure   # the slurmd re-read slurm.conf too
want=$([ "$mode" = off ] && echo accounting_storage/none || echo accounting_storage/slurmdbd)
running=$(scontrol show config)   # not piped into grep -q: pipefail would see scontrol's SIGPIPE
grep -q "^AccountingStorageType *= *$want" <<<"$running" \
  || { echo "slurmctld does not run with $want" >&2; exit 1; }
for _ in $(seq 150); do
  [ "$(sinfo -h -N -n g2,n4 -o '%N %t' | sort -u | awk '$2=="idle"' | wc -l)" -eq 2 ] && break
  sleep 0.2
done
say "slurmctld restarted with $want; nodes: $(sinfo -h -N -o '%N=%t' | sort -u | tr '\n' ' ')"
