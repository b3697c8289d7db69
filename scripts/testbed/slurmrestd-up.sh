#!/bin/bash
# Slurm's REST API on the testbed: Debian's slurmrestd (Slurm 22.05: API v0.0.36-v0.0.38) on
# http://127.0.0.1:6820 and on the socket unix:/run/slurmrestd/slurmrestd.socket, taking JWTs (rest_auth/jwt) that slurmctld checks with the key slurm-up.sh
# made. Run as root, after slurm-up.sh. DIR receives jwt_hs256.key, a copy of that signing key, so
# that the tests can mint tokens for alice and bob (holding it is holding every account there).
# Usage: slurmrestd-up.sh DIR
set -euo pipefail
dir=${1:?usage: slurmrestd-up.sh DIR}
wait_for() {  # wait_for TRIES DESCRIPTION COMMAND...: poll every 0.2 s, fail loudly at the deadline
  local tries=$1 what=$2; shift 2
  for _ in $(seq "$tries"); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
  echo "timed out waiting for $what" >&2; return 1
}
install -m 0600 /var/spool/slurmctld/jwt_hs256.key "$dir/jwt_hs256.key"
# slurmrestd refuses to run as root or as SlurmUser: a user of its own, with nothing else
id slurmrest >/dev/null 2>&1 || useradd -r -M -d /nonexistent -s /usr/sbin/nologin slurmrest
install -d -o slurmrest -g slurmrest -m 0755 /run/slurmrestd
kill -0 "$(cat /run/slurmrestd.pid 2>/dev/null)" 2>/dev/null || {
  # SLURM_JWT=daemon: slurmrestd passes each request's token on to slurmctld. setpriv and env
  # exec it, so the pid recorded is slurmrestd's own (down.sh stops it by that pid)
  nohup setpriv --reuid=slurmrest --regid=slurmrest --init-groups env SLURM_JWT=daemon \
    /usr/sbin/slurmrestd -a rest_auth/jwt 127.0.0.1:6820 unix:/run/slurmrestd/slurmrestd.socket \
    >/var/log/slurm/slurmrestd.log 2>&1 &
  echo $! >/run/slurmrestd.pid
}
wait_for 150 "slurmrestd on 127.0.0.1:6820" bash -c 'exec 3<>/dev/tcp/127.0.0.1/6820'
wait_for 150 "slurmrestd's socket" test -S /run/slurmrestd/slurmrestd.socket
echo "[slurmrestd-up] slurmrestd answers on http://127.0.0.1:6820 and unix:/run/slurmrestd/slurmrestd.socket"
