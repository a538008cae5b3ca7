#!/usr/bin/env bash
# A small cluster in network namespaces, for the submit integration test (run as root).
#   netns-cluster.sh up DIR     build it; keys, configs and pid files go to DIR
#   netns-cluster.sh down DIR   remove everything 'up' made (also leftovers of a crashed run)
#
#   jdsm-lap  "laptop"   10.213.0.2 ---- 10.213.0.1  jdsm-gw "gateway" (sshd on 10.213.0.1:22 only)
#                                        10.213.1.1  bridge jdsmbr0 in jdsm-gw
#   jdsm-n1..n3 "nodes"  10.213.1.11..13 (sshd each), reachable from the gateway only
#
# Every address exists only inside these namespaces. The gateway's firewall lets the laptop reach
# its port 22 and nothing else; the gateway does not forward. Namespaces share this machine's
# file system and pid space, so java and the test's files are everywhere.
set -euo pipefail

PREFIX=jdsm
NODES=(1 2 3)
LAPTOP=$PREFIX-lap
GATEWAY=$PREFIX-gw

in_ns() { local ns=$1; shift; ip netns exec "$ns" "$@"; }

down() {
  local dir=$1
  # sshd first, by the pid files this script wrote (never by name: other sshd may run here).
  for pidfile in "$dir"/sshd-*.pid; do
    [[ -f $pidfile ]] || continue
    kill "$(cat "$pidfile")" 2>/dev/null || true
    rm -f "$pidfile"
  done
  # Any process still inside our namespaces (a crashed run's sshd or java) goes too.
  for ns in $LAPTOP $GATEWAY "${NODES[@]/#/$PREFIX-n}"; do
    if ip netns list | grep -qw "$ns"; then
      for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -9 "$pid" 2>/dev/null || true; done
      ip netns del "$ns" 2>/dev/null || true
    fi
  done
}

up() {
  local dir=$1
  down "$dir"
  mkdir -p "$dir" /run/sshd
  ip netns add $LAPTOP
  ip netns add $GATEWAY
  in_ns $LAPTOP ip link set lo up
  in_ns $GATEWAY ip link set lo up

  # laptop <-> gateway
  ip link add ${PREFIX}lap0 netns $LAPTOP type veth peer name ${PREFIX}gw0 netns $GATEWAY
  in_ns $LAPTOP ip addr add 10.213.0.2/24 dev ${PREFIX}lap0
  in_ns $LAPTOP ip link set ${PREFIX}lap0 up
  in_ns $GATEWAY ip addr add 10.213.0.1/24 dev ${PREFIX}gw0
  in_ns $GATEWAY ip link set ${PREFIX}gw0 up

  # gateway's private network: a bridge, one veth per node
  in_ns $GATEWAY ip link add ${PREFIX}br0 type bridge
  in_ns $GATEWAY ip addr add 10.213.1.1/24 dev ${PREFIX}br0
  in_ns $GATEWAY ip link set ${PREFIX}br0 up
  for i in "${NODES[@]}"; do
    local ns=$PREFIX-n$i
    ip netns add "$ns"
    in_ns "$ns" ip link set lo up
    ip link add ${PREFIX}n${i}0 netns "$ns" type veth peer name ${PREFIX}gwn$i netns $GATEWAY
    in_ns "$ns" ip addr add 10.213.1.1$i/24 dev ${PREFIX}n${i}0
    in_ns "$ns" ip link set ${PREFIX}n${i}0 up
    in_ns $GATEWAY ip link set ${PREFIX}gwn$i master ${PREFIX}br0
    in_ns $GATEWAY ip link set ${PREFIX}gwn$i up
  done

  # The laptop may reach the gateway's ssh port and nothing else.
  in_ns $GATEWAY sysctl -qw net.ipv4.ip_forward=0
  in_ns $GATEWAY iptables -A INPUT -i lo -j ACCEPT
  in_ns $GATEWAY iptables -A INPUT -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT
  in_ns $GATEWAY iptables -A INPUT -i ${PREFIX}gw0 -p tcp -d 10.213.0.1 --dport 22 -j ACCEPT
  in_ns $GATEWAY iptables -A INPUT -i ${PREFIX}gw0 -j DROP
  # Nothing crosses between the two networks (node-to-node traffic on the bridge still flows).
  in_ns $GATEWAY iptables -A FORWARD -i ${PREFIX}gw0 -j DROP
  in_ns $GATEWAY iptables -A FORWARD -o ${PREFIX}gw0 -j DROP

  # Keys: the laptop's (authorized on the gateway), the gateway's (authorized on the nodes), host keys.
  for key in id_laptop id_gateway host_gateway host_nodes id_stranger; do
    ssh-keygen -q -t ed25519 -N '' -C "jdsm-test-$key" -f "$dir/$key"
  done
  cp "$dir/id_laptop.pub" "$dir/authorized_gateway"
  cp "$dir/id_gateway.pub" "$dir/authorized_nodes"
  echo "10.213.0.1 $(cut -d' ' -f1,2 "$dir/host_gateway.pub")" > "$dir/known_hosts_laptop"
  : > "$dir/known_hosts_nodes"
  for i in "${NODES[@]}"; do
    echo "10.213.1.1$i $(cut -d' ' -f1,2 "$dir/host_nodes.pub")" >> "$dir/known_hosts_nodes"
  done
  # The gateway's ssh to the nodes (jdsm submit --node-ssh-config).
  cat > "$dir/ssh_config_nodes" <<CONF
Host *
  User root
  IdentityFile $dir/id_gateway
  IdentitiesOnly yes
  UserKnownHostsFile $dir/known_hosts_nodes
  GlobalKnownHostsFile /dev/null
  StrictHostKeyChecking yes
CONF

  start_sshd $GATEWAY 10.213.0.1 host_gateway authorized_gateway "$dir"
  for i in "${NODES[@]}"; do
    start_sshd $PREFIX-n$i 10.213.1.1$i host_nodes authorized_nodes "$dir"
  done
}

start_sshd() {
  local ns=$1 address=$2 hostkey=$3 authorized=$4 dir=$5
  cat > "$dir/sshd_config-$ns" <<CONF
ListenAddress $address
HostKey $dir/$hostkey
AuthorizedKeysFile $dir/$authorized
PidFile $dir/sshd-$ns.pid
UsePAM no
StrictModes no
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
PrintMotd no
LogLevel ERROR
CONF
  in_ns "$ns" /usr/sbin/sshd -f "$dir/sshd_config-$ns" -E "$dir/sshd-$ns.log"
  # sshd daemonizes once it listens; wait (bounded) for its pid file.
  for _ in $(seq 50); do [[ -s $dir/sshd-$ns.pid ]] && return 0; sleep 0.1; done
  echo "sshd in $ns did not start; its log:" >&2
  cat "$dir/sshd-$ns.log" >&2 || true
  return 1
}

case "${1:-}" in
  up) up "$2" ;;
  down) down "$2" ;;
  *) echo "usage: $0 up|down DIR" >&2; exit 2 ;;
esac
