// The devices area to the rest of the server (.dependency-cruiser.cjs): the devices people sign in on.
export { deviceRoutes } from './devices.routes';
export { devicePolicies } from './devices.policy';
export { devicesManifest } from './devices.manifest';
