import { readFileSync } from 'node:fs';
import { CADDY, caddyfileForTest, deployFile, startCaddy } from './proxy.fixtures';
import { describeBehindProxy } from './proxy-journey.fixtures';

// Issue 31 §1: Patio behind Debian's caddy on deploy/Caddyfile, with `tls internal` on 127.0.0.1
// instead of the school's domain (caddy's local CA, the only one the clients trust).

describeBehindProxy({
  name: 'caddy',
  binaries: [CADDY],
  start: (ports, home) => startCaddy(caddyfileForTest(readFileSync(deployFile('Caddyfile'), 'utf8'), ports), home, ports.https),
});
