import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { createRoutes } from './routes';
import type { AppServices } from './services';

export function App({ services }: { services: AppServices }) {
  const [router] = useState(() => createBrowserRouter(createRoutes(services)));
  return (
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
