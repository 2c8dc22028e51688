// The part of web-push (3.x, CommonJS, no bundled types) that the push platform uses.
declare module 'web-push' {
  export interface PushSubscription {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }
  export interface RequestOptions {
    vapidDetails?: { subject: string; publicKey: string; privateKey: string };
    TTL?: number;
    urgency?: 'very-low' | 'low' | 'normal' | 'high';
    topic?: string;
    contentEncoding?: 'aes128gcm' | 'aesgcm';
    headers?: Record<string, string>;
  }
  export interface RequestDetails {
    method: 'POST';
    headers: Record<string, string | number>;
    body: Buffer | null;
    endpoint: string;
  }
  const webPush: {
    generateRequestDetails(subscription: PushSubscription, payload?: string | Buffer | null, options?: RequestOptions): RequestDetails;
    generateVAPIDKeys(): { publicKey: string; privateKey: string };
    getVapidHeaders(
      audience: string,
      subject: string,
      publicKey: string,
      privateKey: string,
      contentEncoding: 'aes128gcm' | 'aesgcm',
      expiration?: number,
    ): { Authorization: string };
  };
  export default webPush;
}
