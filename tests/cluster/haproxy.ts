import net from 'node:net';
import { APP_PORT, LB_PORT } from './cluster-common';
import { HOSTS } from './topology';

// HAProxy in front of the cluster's two instances: its configuration, and commands on its stats socket.

export function haproxyConfig(statsSocket: string) {
  return `global
  maxconn 4096
  stats socket ${statsSocket} mode 600 level admin

defaults
  mode http
  option httplog
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # A WebSocket, once upgraded, is a tunnel: it may stay quiet for long.
  timeout tunnel 1h
  timeout http-request 10s

frontend web
  bind ${HOSTS.lb}:${LB_PORT}
  default_backend apps

backend apps
  balance roundrobin
  # The client's address for TRUST_PROXY (the instances trust only this host).
  option forwardfor
  option httpchk GET /api/ready
  http-check expect status 200
  # Out after three failed checks (decision 0041: an instance's drain outlasts inter × fall).
  default-server inter 1s fall 3 rise 2
  # A request whose connection failed (an instance killed and not yet marked down) goes to another.
  option redispatch
  retries 3
  # Which instance answered (the checks prove a request reached each one).
  http-response set-header X-Served-By %s
  # Test only: ?instance=app1 pins a request (a WebSocket) to one instance while it is up; any
  # other request is balanced. A member's two clients can then be one on each instance.
  use-server app1 if { url_param(instance) -m str app1 }
  use-server app2 if { url_param(instance) -m str app2 }
  server app1 ${HOSTS.app1}:${APP_PORT} check
  server app2 ${HOSTS.app2}:${APP_PORT} check
`;
}

export function haproxyCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = net.connect(socket);
    let out = '';
    s.setTimeout(2000, () => s.destroy(new Error('HAProxy stats socket timed out')));
    s.on('connect', () => s.end(`${command}\n`));
    s.on('data', (d) => (out += d.toString('utf8')));
    s.on('end', () => resolve(out));
    s.on('error', reject);
  });
}
