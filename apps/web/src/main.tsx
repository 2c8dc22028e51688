import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// Every Mantine button is an UnstyledButton underneath: its reset must come before any button's own
// styles, whichever screen's chunk brings them first, or it wipes their fill and colour.
import '@mantine/core/styles/UnstyledButton.css';
import './app/global.css';
import { App } from './app/App';
import { applyLanguage, createI18n } from './app/i18n/createI18n';
import { preSignInLanguage } from './app/i18n/preSignInLanguage';
import { registerServiceWorker } from './app/platform/serviceWorker';
import { createAppServices } from './app/services';

async function start(): Promise<void> {
  const i18n = await createI18n();
  const services = createAppServices(i18n);
  // A guest's screens speak the pre-sign-in language (usePreSignInLanguage): starting in it, not in the
  // stored one, spares a second dictionary before the first paint (issue 32).
  if (services.store.getState().token === null) services.session.setLanguage(preSignInLanguage());
  // The first paint waits for the active language's dictionary only (one small chunk).
  await applyLanguage(i18n, services.store.getState().language);
  void services.session.restore();
  // A pending debounced save still lands when the page goes away.
  window.addEventListener('pagehide', () => services.store.flush());
  // The installed app starts offline from the shell the worker keeps.
  registerServiceWorker();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
}

void start();
