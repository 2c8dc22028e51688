// The part of http_ece (RFC 8188, CommonJS, no bundled types) that the test Web Push endpoint uses.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  const ece: {
    /** aes128gcm with `privateKey` (the receiver's ECDH) and `authSecret`: the Web Push decryption of RFC 8291. */
    decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer | string }): Buffer;
  };
  export default ece;
}
