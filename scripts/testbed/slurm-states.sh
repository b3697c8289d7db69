#!/bin/bash
# Puts the fresh testbed cluster into the mix of node states the integration tests read:
#   n1 mixed (1 of 4 CPUs), n2 allocated (4 of 4), g1 mixed (2 of 4 a100), n3 drained,
#   n5 down (no slurmd), n4 and g2 idle (left free for the jobs the tests submit).
# The holding jobs run as hpcuser from its home directory for a day: they must outlast the whole
# suite however slow the machine (an hour did not, on a busy 2-core CI machine, and the gpu
# partition's DefaultTime would end g1's hold after an hour too).
set -euo pipefail
as_user() { runuser -l hpcuser -c "cd ~ && $1"; }
as_user "sbatch --parsable -J hold-n1 -p cpu -w n1 -c 1 --mem=500 -t 1-00:00:00 --wrap 'sleep 86400'" >/dev/null
as_user "sbatch --parsable -J hold-n2 -p cpu -w n2 -c 4 --mem=2000 -t 1-00:00:00 --wrap 'sleep 86400'" >/dev/null
as_user "sbatch --parsable -J hold-g1 -A ml -p gpu -w g1 --gres=gpu:a100:2 -c 4 --mem=4000 -t 1-00:00:00 --wrap 'sleep 86400'" >/dev/null
scontrol update nodename=n3 state=drain reason="disk replacement | ticket 42"
scontrol update nodename=n5 state=down reason="no slurmd running"
want='g1 mix
n1 mix
n2 alloc
n3 drain
n5 down*'
for _ in $(seq 150); do
  now=$(sinfo -h -N -n g1,n1,n2,n3,n5 -o '%N %t' | sort -u)
  [ "$now" = "$want" ] && { echo "[slurm-states] states reached"; exit 0; }
  sleep 0.2
done
echo "[slurm-states] timed out; wanted:"; echo "$want"; echo "have:"; echo "$now"; sinfo -N -l; exit 1
