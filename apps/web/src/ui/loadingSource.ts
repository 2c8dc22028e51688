import { createContext } from 'react';
import type { RequestCounter } from './useRequestsInFlight';

/** The request counter the page loading bar follows; the app provides the API client's. */
export const LoadingSourceContext = createContext<RequestCounter>({ get: () => 0, subscribe: () => () => {} });
