#!/bin/bash
# The product's main job on one machine, with no cluster needed: the whole flow on the mock (inline)
# backend, which runs jobs as local processes. State goes to work/demo/ (a fresh one each run), so
# nothing touches your own ~/.config/examlops or platform.db.
#   detect → connect (PENDING) → approve (ACTIVE) → place → submit → jobs → capacity
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
work=$PWD/work
demo=$work/demo
rm -rf "$demo" && mkdir -p "$demo"
# Whatever this machine's environment says about other clusters must not steer the demo.
for variable in $(compgen -e | grep -E '^(EXAMLOPS_|GPU_COST_PER_HOUR$|FLUX_URI$)' || true); do
  [ "$variable" = EXAMLOPS_ACTOR ] || unset "$variable"
done
export EXAMLOPS_HPC_REGISTRY=$demo/clusters.yaml EXAMLOPS_DATA_DIR=$demo EXAMLOPS_ACTOR=${EXAMLOPS_ACTOR:-demo-admin}
cat > "$demo/train.sh" <<'SCRIPT'
#!/bin/bash
echo "training on $(hostname) with ${EXAMLOPS_PIPELINE_GPUS:-?} GPU(s)"
for epoch in 1 2 3; do echo "epoch $epoch: loss $(awk "BEGIN{print 1/$epoch}")"; sleep 1; done
SCRIPT
step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; "$@"; }
# detect reports what this machine runs (nothing, a Slurm whose controller is down, a real
# cluster...); its outcome is shown but does not decide the demo, which uses the mock backend.
step ./exa hpc detect || printf '(detect exited %s: its outcome is above; the demo goes on with the mock backend)\n' "$?"
step ./exa hpc connect local --name demo --scheduler mock
step ./exa hpc clusters
step ./exa hpc approve demo
step ./exa hpc place --gpus 2
step ./exa hpc preflight demo --gpus 2
step ./exa hpc submit --cluster auto --gpus 2 --name train-demo --wait "$demo/train.sh"
step ./exa pipeline run --model JPCP --dataset PM100Dataset --cluster auto --gpus 1 --wait
step ./exa hpc jobs
step ./exa hpc capacity
step ./exa hpc audit
printf '\nDemo state is in %s (clusters.yaml, platform.db, mock-jobs/).\n' "$demo"
