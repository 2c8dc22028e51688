import { buildApp } from './app';
import { loadConfig } from './config';

// Whatever the server writes (database, keys, mail, files) is for its own user only.
process.umask(0o077);
const config = loadConfig(process.env);
const app = await buildApp(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    void app.close().then(() => process.exit(0));
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  app.log.error(err);
  process.exit(1);
}
