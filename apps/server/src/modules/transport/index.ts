// The transport area to the rest of the server (.dependency-cruiser.cjs): bus routes and their stops.
export { insertRouteStops } from './transport.queries';
