#!/bin/bash
# exa pipeline run's default training entry point: a smoke run that shows what a training job on
# this cluster receives. Pass your own with --script; it gets the same environment:
#   EXAMLOPS_MODEL, EXAMLOPS_DATASET, EXAMLOPS_PIPELINE_GPUS and the cluster's EXAMLOPS_HPC_*.
set -eu
echo "exa pipeline: model ${EXAMLOPS_MODEL} on dataset ${EXAMLOPS_DATASET}"
echo "cluster ${EXAMLOPS_HPC_CLUSTER:-?} (${EXAMLOPS_HPC_SCHEDULER:-?}), ${EXAMLOPS_PIPELINE_GPUS} GPU(s) requested, visible: ${CUDA_VISIBLE_DEVICES:-none}"
echo "host $(hostname), started $(date -u +%Y-%m-%dT%H:%M:%SZ)"
sleep "${EXAMLOPS_PIPELINE_SMOKE_SECONDS:-2}"
echo "exa pipeline: done"
