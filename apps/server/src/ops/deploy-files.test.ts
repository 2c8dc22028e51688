import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@patio/core';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { useBuiltProcesses } from '../test/built-processes';
import { CADDY, caddyfileForTest, deployFile, makeLoopbackCertificate, NGINX, nginxMainForTest, nginxSiteForTest, OPENSSL, proxyRequired, repoRoot } from './proxy.fixtures';

// Issue 31 §1: the files of deploy/ as the tools that read them judge them (caddy validate, nginx -t,
// systemd-analyze verify), and the settings they must agree on with Patio itself.

const SYSTEMD_ANALYZE = process.env.SYSTEMD_ANALYZE_PATH ?? '/usr/bin/systemd-analyze';
const units = ['patio.service', 'patio-worker.service', 'patio-backup.service', 'patio-backup.timer'];
const MiB = 1024 * 1024;
/** What multipart framing may add per file, as Patio counts it before reading an upload (files.receive.ts). */
const FRAMING_BYTES = 64 * 1024;

const read = (name: string) => readFileSync(deployFile(name), 'utf8');
/** The lines of a configuration file without its comments. */
const directives = (text: string) => text.split('\n').map((line) => line.replace(/#.*$/, '').trim()).filter(Boolean);

const scratch = mkdtempSync(join(tmpdir(), 'patio-deploy-files-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A tool's run: the test fails with its output unless it exits 0 and (when asked) says nothing on stderr. */
function runs(command: string, args: string[], options: { env?: Record<string, string>; quiet?: boolean } = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...options.env } });
  expect(result.status, `${command} ${args.join(' ')}:\n${result.stdout}\n${result.stderr}`).toBe(0);
  if (options.quiet) expect(result.stderr.trim(), `${command} ${args.join(' ')}`).toBe('');
  return result;
}

describe('item 1: deploy/ agrees with Patio', () => {
  it('item 1: the proxies take an upload as large as Patio takes, and leave compression to Patio', () => {
    const caddyLimit = /^max_size (\d+)MiB$/.exec(directives(read('Caddyfile')).find((line) => line.startsWith('max_size')) ?? '');
    const nginxLimit = /^client_max_body_size (\d+)m;$/.exec(directives(read('nginx.conf.example')).find((line) => line.startsWith('client_max_body_size')) ?? '');
    expect(caddyLimit).not.toBeNull();
    expect(nginxLimit).not.toBeNull();
    // The most one upload request may carry: 20 files of 512 MiB with their framing. A proxy limit
    // below it refuses what Patio would take; far above it, it stops nothing.
    const patioCeiling = UPLOAD_MAX_FILES * (UPLOAD_MAX_BYTES + FRAMING_BYTES);
    for (const limit of [Number(caddyLimit![1]) * MiB, Number(nginxLimit![1]) * MiB]) {
      expect(limit).toBeGreaterThanOrEqual(patioCeiling);
      expect(limit - patioCeiling).toBeLessThan(MiB);
    }
    expect(directives(read('Caddyfile')).some((line) => /^encode\b/.test(line))).toBe(false);
    expect(directives(read('nginx.conf.example'))).toContain('gzip off;');
    // Neither proxy writes addresses with their query (sign-in links carry a token there) to a log.
    expect(directives(read('Caddyfile')).some((line) => /^log\b/.test(line))).toBe(false);
    expect(directives(read('nginx.conf.example')).filter((line) => line.startsWith('access_log'))).toEqual(['access_log /var/log/nginx/patio.access.log patio;']);
    expect(read('nginx.conf.example')).toMatch(/log_format patio [^;]*\$uri[^;]*;/);
    expect(read('nginx.conf.example')).not.toMatch(/log_format patio [^;]*\$request[ "]/);
  });

  it('item 1: patio.env.example is a production configuration Patio accepts, trusting only the proxy the Caddyfile sets up', () => {
    const env = readEnvFile(read('patio.env.example'));
    const config = loadConfig({ ...env, DATA_DIR: join(scratch, 'env-example-data') });
    expect(config.production).toBe(true);
    expect(config.seedDemo).toBe(false);
    expect(config.host).toBe('127.0.0.1');
    expect(config.trustProxy).toEqual(['127.0.0.1']);
    expect(config.publicUrl).toBe('https://patio.example.org');
    expect(config.mailFrom).toBe('Colegio Ejemplo <no-reply@example.org>');
    // The upstream both proxies name is where the example has Patio listen.
    expect(read('Caddyfile')).toContain(`reverse_proxy ${config.host}:${config.port} {`);
    expect(read('nginx.conf.example')).toContain(`server ${config.host}:${config.port};`);
    // Every variable it sets or mentions is one the README documents.
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    for (const name of read('patio.env.example').matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)) expect(readme, name[1]).toContain(`\`${name[1]}\``);
  });

  it('item 1: the systemd units run the built files, restart on failure, as the patio user, hardened without breaking Node', () => {
    for (const unit of ['patio.service', 'patio-worker.service', 'patio-backup.service']) {
      const lines = directives(read(unit));
      for (const setting of ['User=patio', 'EnvironmentFile=/etc/patio/patio.env', 'WorkingDirectory=/opt/patio', 'ProtectSystem=strict', 'NoNewPrivileges=yes', 'PrivateTmp=yes', 'ProtectHome=yes', 'ProtectKernelTunables=yes', 'ProtectKernelModules=yes', 'LockPersonality=yes']) {
        expect(lines, `${unit}: ${setting}`).toContain(setting);
      }
      expect(lines.find((line) => line.startsWith('ReadWritePaths=')), unit).toContain('/var/lib/patio');
      expect(lines.find((line) => line.startsWith('RestrictAddressFamilies=')), unit).toBeDefined();
      // V8 writes machine code and then runs it: MemoryDenyWriteExecute would kill Node.
      expect(lines.some((line) => line.startsWith('MemoryDenyWriteExecute')), unit).toBe(false);
    }
    expect(directives(read('patio.service'))).toContain('ExecStart=/usr/bin/node apps/server/dist/main.js');
    expect(directives(read('patio-worker.service'))).toContain('ExecStart=/usr/bin/node apps/server/dist/worker.js');
    for (const unit of ['patio.service', 'patio-worker.service']) expect(directives(read(unit)), unit).toContain('Restart=on-failure');
    // The state directory systemd makes is the DATA_DIR of the example configuration.
    expect(readEnvFile(read('patio.env.example')).DATA_DIR).toBe('/var/lib/patio');
  });

  describe('item 1: the built files the units and scripts start', () => {
    const processes = useBuiltProcesses();
    it('item 1: exist in the build', () => {
      for (const name of ['main.js', 'worker.js', 'backup.js', 'restore.js', 'migrate.js', 'school-create.js']) expect(existsSync(join(processes.dir(), name)), name).toBe(true);
    });
  });

  const analyzeMissing = !existsSync(SYSTEMD_ANALYZE);
  describe.skipIf(analyzeMissing)(`item 1: systemd-analyze verify${analyzeMissing ? ` (skipped: no ${SYSTEMD_ANALYZE}; apt-get install systemd)` : ''}`, () => {
    it('item 1: accepts the units, with /opt/patio being this checkout', () => {
      const dir = join(scratch, 'units');
      mkdirSync(dir, { recursive: true });
      for (const unit of units) writeFileSync(join(dir, unit), read(unit).replaceAll('/opt/patio', repoRoot.replace(/\/$/, '')).replaceAll('/usr/bin/node', process.execPath));
      // An unknown or misspelt setting is only a warning on stderr: that fails too.
      runs(SYSTEMD_ANALYZE, ['verify', ...units.map((unit) => join(dir, unit))], { quiet: true });
    });
  });

  const caddyMissing = !existsSync(CADDY);
  describe.skipIf(caddyMissing && !proxyRequired)(`item 1: caddy${caddyMissing ? ` (skipped: no ${CADDY}; apt-get install caddy)` : ''}`, () => {
    const caddyEnv = () => ({ HOME: join(scratch, 'caddy'), XDG_DATA_HOME: join(scratch, 'caddy', 'data'), XDG_CONFIG_HOME: join(scratch, 'caddy', 'config') });
    it('item 1: validates deploy/Caddyfile as it is, formatted, and the variant the proxy journey runs', () => {
      expect(existsSync(CADDY), `no caddy at ${CADDY}`).toBe(true);
      const validated = runs(CADDY, ['validate', '--config', deployFile('Caddyfile'), '--adapter', 'caddyfile'], { env: caddyEnv() });
      expect(validated.stderr).not.toMatch(/"level":"(warn|error)"/);
      expect(runs(CADDY, ['fmt', deployFile('Caddyfile')]).stdout).toBe(read('Caddyfile'));
      const variant = join(scratch, 'Caddyfile.test');
      writeFileSync(variant, caddyfileForTest(read('Caddyfile'), { https: 8443, http: 8081, upstream: 8080 }));
      runs(CADDY, ['validate', '--config', variant, '--adapter', 'caddyfile'], { env: caddyEnv() });
    });
  });

  const nginxMissing = !existsSync(NGINX) || !existsSync(OPENSSL);
  describe.skipIf(nginxMissing && !proxyRequired)(`item 1: nginx${nginxMissing ? ` (skipped: no ${NGINX} or ${OPENSSL}; apt-get install nginx)` : ''}`, () => {
    it('item 1: nginx -t accepts deploy/nginx.conf.example inside a configuration like Debian\'s', () => {
      expect(existsSync(NGINX), `no nginx at ${NGINX}`).toBe(true);
      const home = join(scratch, 'nginx');
      mkdirSync(home, { recursive: true });
      makeLoopbackCertificate(home);
      const config = join(home, 'nginx.conf');
      writeFileSync(config, nginxMainForTest(nginxSiteForTest(read('nginx.conf.example'), home, { https: 8443, http: 8081, upstream: 8080 }), home));
      const tested = runs(NGINX, ['-t', '-c', config, '-p', home, '-e', join(home, 'error.log')]);
      expect(tested.stderr).toContain('test is successful');
      expect(tested.stderr).not.toMatch(/\[(warn|emerg)\]/);
    });
  });
});

/** NAME=value lines as systemd's EnvironmentFile reads them (and deploy/patio-run): comments skipped, outer quotes removed, nothing expanded. */
function readEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const at = line.indexOf('=');
    const value = line.slice(at + 1);
    env[line.slice(0, at)] = /^(".*"|'.*')$/.test(value) ? value.slice(1, -1) : value;
  }
  return env;
}
