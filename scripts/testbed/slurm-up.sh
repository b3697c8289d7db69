#!/bin/bash
# A real Slurm cluster on this one machine, without systemd: munge, MariaDB + slurmdbd (accounting
# with the gres/gpu TRES), slurmctld and six slurmd (n1-n4 CPU nodes, g1 with 4 a100, g2 with 2 v100,
# fake GPU device nodes), plus n5 declared without a slurmd. Partitions cpu (default), gpu, debug.
# slurmctld also takes JWTs (AuthAltTypes=auth/jwt) for slurmrestd-up.sh; its HS256 key is
# /var/spool/slurmctld/jwt_hs256.key. Users alice and bob (accounts ml) run jobs through it.
# Run as root, after sshd-up.sh (which creates hpcuser). Starts slurmctld with clean state, so job
# ids start again at 1: the exit-status records (examlops-ID.exit) of an earlier run are removed.
# slurm-accounting.sh switches the running cluster to no accounting and back.
set -euo pipefail
say() { printf '[slurm-up +%ss] %s\n' "$SECONDS" "$*"; }
wait_for() {  # wait_for TRIES DESCRIPTION COMMAND...: poll every 0.2 s, fail loudly at the deadline
  local tries=$1 what=$2; shift 2
  for _ in $(seq "$tries"); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
  echo "timed out waiting for $what" >&2; return 1
}

# munge
[ -s /etc/munge/munge.key ] || { mungekey --create --keyfile=/etc/munge/munge.key; chown munge:munge /etc/munge/munge.key; chmod 0400 /etc/munge/munge.key; }
install -d -o munge -g munge -m 0755 /run/munge
kill -0 "$(cat /run/munge/munged.pid 2>/dev/null)" 2>/dev/null || runuser -u munge -- /usr/sbin/munged
munge -n | unmunge >/dev/null
say "munged up"

# configuration
install -d -m 0755 /etc/slurm
cat > /etc/slurm/slurm.conf <<'CONF'
ClusterName=testcluster
SlurmctldHost=localhost
SlurmUser=slurm
AuthType=auth/munge
AuthAltTypes=auth/jwt
AuthAltParameters=jwt_key=/var/spool/slurmctld/jwt_hs256.key
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/linux
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=localhost
AccountingStorageTRES=gres/gpu
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
DefMemPerCPU=500
GresTypes=gpu
ReturnToService=2
SlurmdParameters=config_overrides
MailProg=/bin/true
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd-%n.pid
SlurmdSpoolDir=/var/spool/slurmd/%n
StateSaveLocation=/var/spool/slurmctld
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd-%n.log
SlurmctldDebug=info
SlurmdDebug=info
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
MinJobAge=600     # slurm-accounting.sh off sets 2, so that squeue forgets ended jobs soon
KillWait=5
Waittime=0

NodeName=n1 NodeHostname=localhost NodeAddr=127.0.0.1 Port=17001 CPUs=4 Sockets=1 CoresPerSocket=4 ThreadsPerCore=1 RealMemory=8000 Features=intel,avx2
NodeName=n2 NodeHostname=localhost NodeAddr=127.0.0.1 Port=17002 CPUs=4 Sockets=1 CoresPerSocket=4 ThreadsPerCore=1 RealMemory=8000 Features=intel,avx2
NodeName=n3 NodeHostname=localhost NodeAddr=127.0.0.1 Port=17003 CPUs=4 Sockets=1 CoresPerSocket=4 ThreadsPerCore=1 RealMemory=8000 Features=amd
NodeName=n4 NodeHostname=localhost NodeAddr=127.0.0.1 Port=17004 CPUs=4 Sockets=1 CoresPerSocket=4 ThreadsPerCore=1 RealMemory=8000 Features=amd
NodeName=g1 NodeHostname=localhost NodeAddr=127.0.0.1 Port=17011 CPUs=8 Sockets=2 CoresPerSocket=4 ThreadsPerCore=1 RealMemory=16000 Gres=gpu:a100:4 Features=gpu,a100
NodeName=g2 NodeHostname=localhost NodeAddr=127.0.0.1 Port=17012 CPUs=8 Sockets=2 CoresPerSocket=4 ThreadsPerCore=1 RealMemory=16000 Gres=gpu:v100:2 Features=gpu,v100
NodeName=n5 NodeHostname=localhost NodeAddr=127.0.0.1 Port=17005 CPUs=4 RealMemory=8000

PartitionName=cpu   Nodes=n[1-5] Default=YES MaxTime=INFINITE State=UP
PartitionName=gpu   Nodes=g[1-2] MaxTime=1-00:00:00 DefaultTime=01:00:00 State=UP
PartitionName=debug Nodes=n1,g1 MaxTime=00:30:00 State=UP
CONF
cat > /etc/slurm/gres.conf <<'CONF'
AutoDetect=off
NodeName=g1 Name=gpu Type=a100 File=/var/spool/slurmd/fakegpu/nvidia[0-1] Cores=0-3
NodeName=g1 Name=gpu Type=a100 File=/var/spool/slurmd/fakegpu/nvidia[2-3] Cores=4-7
NodeName=g2 Name=gpu Type=v100 File=/var/spool/slurmd/fakegpu/nvidia[0-1]
CONF
# gres/gpu needs File= naming a character device: fake ones, no driver involved
install -d -m 0755 /var/spool/slurmd/fakegpu
for i in 0 1 2 3; do [ -c /var/spool/slurmd/fakegpu/nvidia$i ] || mknod -m 0666 /var/spool/slurmd/fakegpu/nvidia$i c 195 $i; done
install -d -o slurm -g slurm -m 0755 /var/spool/slurmctld /var/log/slurm
# the JWT signing key slurmctld checks tokens with (slurmrestd-up.sh gives the fleet a copy)
[ -s /var/spool/slurmctld/jwt_hs256.key ] || dd if=/dev/urandom of=/var/spool/slurmctld/jwt_hs256.key bs=32 count=1 status=none
chown slurm:slurm /var/spool/slurmctld/jwt_hs256.key; chmod 0600 /var/spool/slurmctld/jwt_hs256.key
for u in alice bob; do id "$u" >/dev/null 2>&1 || useradd -m -s /bin/bash "$u"; done
NODES="n1 n2 n3 n4 g1 g2"
for n in $NODES; do install -d -m 0755 /var/spool/slurmd/$n; done

# accounting: MariaDB on its socket only, slurmdbd, accounts physics and ml
install -d -o mysql -g mysql -m 0755 /run/mysqld
if ! mariadb-admin ping >/dev/null 2>&1; then
  [ -d /var/lib/mysql/mysql ] || mariadb-install-db --user=mysql --datadir=/var/lib/mysql >/dev/null
  nohup /usr/sbin/mariadbd --user=mysql --skip-networking --socket=/run/mysqld/mysqld.sock \
        --pid-file=/run/mysqld/mysqld.pid >/var/log/examlops-testbed-mariadb.log 2>&1 &
  wait_for 300 "MariaDB" mariadb-admin ping
fi
mariadb -e "CREATE USER IF NOT EXISTS 'slurm'@'localhost' IDENTIFIED BY 'slurmdbpass';
            GRANT ALL ON slurm_acct_db.* TO 'slurm'@'localhost';"
say "mariadb up"
cat > /etc/slurm/slurmdbd.conf <<'CONF'
AuthType=auth/munge
AuthAltTypes=auth/jwt
AuthAltParameters=jwt_key=/var/spool/slurmctld/jwt_hs256.key
DbdHost=localhost
SlurmUser=slurm
DebugLevel=info
LogFile=/var/log/slurm/slurmdbd.log
PidFile=/run/slurmdbd.pid
StorageType=accounting_storage/mysql
StorageHost=localhost
StorageUser=slurm
StoragePass=slurmdbpass
StorageLoc=slurm_acct_db
CONF
chown slurm:slurm /etc/slurm/slurmdbd.conf; chmod 0600 /etc/slurm/slurmdbd.conf
kill -0 "$(cat /run/slurmdbd.pid 2>/dev/null)" 2>/dev/null || /usr/sbin/slurmdbd
wait_for 150 "slurmdbd" sacctmgr -n show cluster
sacctmgr -n -P show cluster format=cluster | grep -qx testcluster || sacctmgr -i add cluster testcluster >/dev/null
sacctmgr -n -P show account format=account | grep -qx physics || sacctmgr -i add account physics Description="Physics department" Organization=science >/dev/null
sacctmgr -n -P show account format=account | grep -qx ml || sacctmgr -i add account ml Description="Machine learning group" Organization=science >/dev/null
sacctmgr -n -P show user format=user | grep -qx hpcuser || sacctmgr -i add user hpcuser Account=physics,ml DefaultAccount=physics >/dev/null
for u in alice bob; do
  sacctmgr -n -P show user format=user | grep -qx "$u" || sacctmgr -i add user "$u" Account=ml DefaultAccount=ml >/dev/null
done
say "slurmdbd up, accounts registered"

rm -f /home/hpcuser/examlops-*.exit /home/hpcuser/examlops-*.out

# daemons: started through /usr/sbin/slurmctld and /usr/sbin/slurmd (Slurm reads argv[0])
/usr/sbin/slurmctld -c -i
wait_for 150 "slurmctld" scontrol ping
for n in $NODES; do /usr/sbin/slurmd -N "$n"; done
all_idle() { [ "$(sinfo -h -N -n "$(echo $NODES | tr ' ' ,)" -o '%N %t' | sort -u | awk '$2=="idle"' | wc -l)" -eq 6 ]; }
wait_for 300 "all six slurmd nodes idle" all_idle || { sinfo -N -l; exit 1; }
say "slurmctld and 6 slurmd up, all idle"
