#!/usr/bin/env bash
# N datascan workers draining one job of a shared PostgreSQL store, as a Slurm job array.
#
#   datascan scan /shared/receipts --store "$DATASCAN_STORE" --job receipts-2024 --enqueue-only --jobs 1
#   DATASCAN_STORE='postgres://scan:PASSWORD@db:5432/scans' sbatch --array=1-16 deploy/slurm-array.sh receipts-2024
#   datascan status --store "$DATASCAN_STORE" --job receipts-2024
#
# Each array task is one worker: it claims pages until the job's queue is empty, then exits 0. The documents
# must be on a file system every node mounts at the same path (the path they were enqueued under).
#SBATCH --job-name=datascan
#SBATCH --cpus-per-task=2
#SBATCH --mem=2G
#SBATCH --time=24:00:00
#SBATCH --output=datascan-%A_%a.log
set -euo pipefail

job="${1:?usage: sbatch --array=1-N deploy/slurm-array.sh JOB}"
: "${DATASCAN_STORE:?export DATASCAN_STORE=postgres://user:password@host/database}"
export OMP_THREAD_LIMIT=1
# One page per CPU given to the task.
exec datascan worker --store "$DATASCAN_STORE" --job "$job" --jobs "${SLURM_CPUS_PER_TASK:-1}"
