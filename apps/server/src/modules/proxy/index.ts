// The image proxy to the rest of the server (docs/decisions/028-image-proxy.md): /proxy/ and the
// rewrite of other sites' pictures in what posts and blocks answer a reader.
export { proxyManifest } from './proxy.manifest';
export { absoluteImagesFor, imageProxyFor, proxiedBlockUrl, withProxiedImages, type ImageAddressMapper } from './proxy.rewrite';
export { originalOfProxied, signedProxyAddress } from './proxy.signing';
