import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

/**
 * DEMO_BUS=1: drives the demo school's bus beside the server (scripts/demo-bus.mjs, the same program
 * as `npm run demo:bus`), through the public API like a driver's phone. The function it answers stops
 * it: call it before closing the server, so the bus finishes its run while the server still answers.
 */
export function startDemoBus(app: FastifyInstance, port: number): () => Promise<void> {
  // Both src/ and dist/ sit two levels below the repository root's apps/.
  const script = fileURLToPath(new URL('../../../scripts/demo-bus.mjs', import.meta.url));
  if (!existsSync(script)) {
    app.log.warn({ script }, 'DEMO_BUS is set but the demo bus script is missing');
    return async () => undefined;
  }
  const bus = spawn(process.execPath, [script], {
    stdio: 'inherit',
    env: { ...process.env, PATIO_URL: `http://127.0.0.1:${port}` },
  });
  bus.on('error', (err) => app.log.warn({ err }, 'the demo bus could not start'));
  return async () => {
    if (bus.exitCode !== null || bus.signalCode !== null) return;
    bus.kill('SIGTERM');
    await Promise.race([once(bus, 'exit'), delay(5000)]);
  };
}
