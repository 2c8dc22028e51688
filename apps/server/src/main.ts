import { buildApp } from './app';
import { loadConfig } from './config';
import { startDemoBus } from './demo-bus';
import { exitGracefullyOnSignals } from './shutdown';
import { startupBanner } from './startup-banner';

// Whatever the server writes (database, keys, mail, files) is for its own user only.
process.umask(0o077);
const config = loadConfig(process.env);
const app = await buildApp(config);

// app.close(): the listening socket closes at once, requests in flight finish (idle keep-alive
// connections are closed, later requests on busy ones get 503), the in-process job worker finishes
// or hands back its jobs, then the event bus and the database close.
let stopDemoBus = async (): Promise<void> => undefined;
exitGracefullyOnSignals(
  async () => {
    await stopDemoBus();
    await app.close();
  },
  { log: app.log },
);

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error(err);
  process.exit(1);
}

if (config.demoBus) stopDemoBus = startDemoBus(app, config.port);

process.stdout.write(
  startupBanner({
    address: app.server.address(),
    publicUrl: config.publicUrl,
    seedDemo: config.seedDemo,
    production: process.env.NODE_ENV === 'production',
    logLevel: config.logLevel,
  }),
);
