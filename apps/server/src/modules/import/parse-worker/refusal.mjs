// Why a file was not read, as the HTTP answer the server gives: a plain object crosses the worker
// boundary unchanged, which an Error subclass would not.

/** A file refused on purpose: `status` is 400 (unreadable) or 413 (beyond the limits). */
export class Refusal extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export const unreadable = (message) => new Refusal(400, 'invalid_file', message);
export const tooLarge = (code, message) => new Refusal(413, code, message);
