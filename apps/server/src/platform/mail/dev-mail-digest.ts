/** A burst of mails ends when none follows for this long; then its one line is written. */
const QUIET_MS = 1000;
/** A steady stream of mails still gets a line this often. */
const MAX_WAIT_MS = 10_000;

/**
 * One log line for a burst of mails written to the dev mailbox instead of one per mail: the demo
 * school's first start sends a hundred notification mails, which buried the startup banner. The line
 * names the folder and the newest file, never recipients or subjects (personal data).
 */
export class DevMailDigest {
  private count = 0;
  private newest = '';
  private firstAt = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly dir: string,
    private readonly log: (entry: object, msg: string) => void,
  ) {}

  add(file: string): void {
    if (this.count === 0) this.firstAt = Date.now();
    this.count++;
    this.newest = file;
    clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(QUIET_MS, this.firstAt + MAX_WAIT_MS - Date.now()));
    this.timer = setTimeout(() => this.flush(), wait);
    // A pending line never keeps a finished process alive; closing the mailer writes it.
    this.timer.unref();
  }

  /** Writes the line of the mails so far, if any. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.count === 0) return;
    const count = this.count;
    this.count = 0;
    const message = count === 1 ? 'mail written to the dev mailbox (no SMTP_URL)' : `${count} mails written to the dev mailbox (no SMTP_URL)`;
    this.log({ count, dir: this.dir, newest: this.newest }, message);
  }
}
