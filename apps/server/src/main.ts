import { buildApp } from './app';
import { loadConfig } from './config';
import { DatabaseUnreachableError, NewerDatabaseError } from './db/migrate';
import { demoOrg } from './db/seed/index';
import { norteOrg } from './db/seed/norte-school';
import { startDemoBus } from './demo-bus';
import { countDemoPasswordAccounts } from './modules/auth/index';
import { exitGracefullyOnSignals } from './shutdown';
import { startupBanner } from './startup-banner';

// Whatever the server writes (database, keys, mail, files) is for its own user only.
process.umask(0o077);
const config = loadConfig(process.env);
const app = await buildApp(config).catch((err: unknown) => {
  // A database that cannot be reached, or one a newer Patio migrated, is the operator's to fix: one line, no stack.
  if (err instanceof DatabaseUnreachableError || err instanceof NewerDatabaseError) {
    process.stderr.write(`Patio cannot start. ${err.message}\n`);
    process.exit(1);
  }
  throw err;
});

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

const production = config.production === true;
// Only the demo schools' accounts can hold the demo password (a chosen one has ten characters or more).
const demoPasswordAccounts = production
  ? await countDemoPasswordAccounts(app.patio.db, [demoOrg.code, norteOrg.code]).catch((err: unknown) => {
      app.log.warn({ err }, 'could not count the accounts that still have the demo password');
      return 0;
    })
  : 0;
process.stdout.write(
  startupBanner({
    address: app.server.address(),
    publicUrl: config.publicUrl,
    seedDemo: config.seedDemo,
    production,
    logLevel: config.logLevel,
    demoPasswordAccounts,
    paymentsSimulated: production && config.payments?.provider === 'sandbox',
  }),
);
