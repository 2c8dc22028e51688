import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { deployFile, makeLoopbackCertificate, NGINX, nginxMainForTest, nginxSiteForTest, OPENSSL, startNginx } from './proxy.fixtures';
import { describeBehindProxy } from './proxy-journey.fixtures';

// Issue 31 §1: Patio behind Debian's nginx on deploy/nginx.conf.example, inside a main
// configuration like Debian's, with a self-signed certificate for 127.0.0.1 instead of certbot's.

describeBehindProxy({
  name: 'nginx',
  binaries: [NGINX, OPENSSL],
  start: async (ports, home) => {
    mkdirSync(home, { recursive: true });
    // Started as root, nginx's workers run as nobody and buffer large answers into its temporary
    // folders under `home`: they must be able to pass through the test's private folders.
    for (const dir of [dirname(home), home]) chmodSync(dir, 0o711);
    makeLoopbackCertificate(home);
    const site = nginxSiteForTest(readFileSync(deployFile('nginx.conf.example'), 'utf8'), home, ports);
    return startNginx(nginxMainForTest(site, home), home, ports.https);
  },
});
