import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|ChunkLoadError/i.test(`${error.name} ${error.message}`);
}

/** Shown when a screen fails to load or throws; offers a reload. Plain markup: it is part of the entry chunk. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (!isRouteErrorResponse(error)) console.error(error);
  const message = isChunkLoadError(error) ? t('errors.chunkLoad') : t('errors.generic');
  return (
    <main id="main" className="patio-standalone">
      <div className="patio-error">
        <h1>{t('errors.title')}</h1>
        <p>{message}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </button>
      </div>
    </main>
  );
}
