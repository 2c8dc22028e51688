// The files area to the rest of the server: stored files in folders (a post's files blocks, a person's
// uploads, signed-out uploads) and the signed addresses that serve them (docs/decisions/012). Other
// areas need only what is below: the routes, the expiry job, and reading a signed address back.
export { anonUploadsExpiryJob, type AnonExpiryPayload } from './files.anon-expiry';
export { filesPolicies } from './files.policy';
export { readFileAddress, signedFileAddress, hourlyExpiry, FILE_VARIANTS, type FileVariant } from './files.signing';
export { receiveFiles, type ReceivedFile, type UploadLimits } from './files.receive';
export { filesManifest, filesRoutes } from './files.manifest';
// A file another area shows its own readers (a submission's files: modules/classroom) is served as its folder serves it.
export { sendFolderFile } from './files.service';
export { personFolder } from './files.folders';
export { bytesResponses, ZBytesQuery } from './files.routes';
