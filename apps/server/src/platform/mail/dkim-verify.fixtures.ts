import { createHash, createVerify, type KeyObject } from 'node:crypto';

// A DKIM verifier for tests (RFC 6376, rsa-sha256 with relaxed/relaxed canonicalisation, the only
// kind the mailer writes), written from the RFC rather than from nodemailer's signer, so a signature
// nodemailer gets wrong fails here as it would at a receiving provider.

export interface DkimCheck {
  /** The signature's tags (d, s, h, bh, b…), whitespace removed. */
  tags: Record<string, string>;
  bodyHashMatches: boolean;
  signatureValid: boolean;
}

/** Header fields of `head`, each with its name and its whole text (folded lines included). */
function fieldsOf(head: string): { name: string; text: string }[] {
  const fields: { name: string; text: string }[] = [];
  for (const line of head.split('\r\n')) {
    if (/^[ \t]/.test(line) && fields.length > 0) fields[fields.length - 1]!.text += `\r\n${line}`;
    else fields.push({ name: line.slice(0, line.indexOf(':')).trim().toLowerCase(), text: line });
  }
  return fields;
}

/** §3.4.2: name lowercased, value unfolded, whitespace runs as one space, none at the ends. */
function relaxedHeader(text: string): string {
  const colon = text.indexOf(':');
  const name = text.slice(0, colon).trim().toLowerCase();
  const value = text
    .slice(colon + 1)
    .replace(/\r\n(?=[ \t])/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return `${name}:${value}`;
}

/** §3.4.4: whitespace runs as one space, none at line ends, no empty lines at the end. */
function relaxedBody(body: string): string {
  const lines = body.split('\r\n').map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.length === 0 ? '' : `${lines.join('\r\n')}\r\n`;
}

/** Checks the (first) DKIM-Signature of `raw` (a message with CRLF line ends) against `publicKey`. */
export function verifyDkim(raw: string, publicKey: KeyObject): DkimCheck {
  const split = raw.indexOf('\r\n\r\n');
  const fields = fieldsOf(raw.slice(0, split));
  const body = raw.slice(split + 4);
  const signature = fields.find((f) => f.name === 'dkim-signature');
  if (!signature) throw new Error('no DKIM-Signature');
  const tagText = signature.text.slice(signature.text.indexOf(':') + 1);
  const tags = Object.fromEntries(
    tagText
      .split(';')
      .map((tag) => tag.replace(/\s+/g, ''))
      .filter(Boolean)
      .map((tag) => [tag.slice(0, tag.indexOf('=')), tag.slice(tag.indexOf('=') + 1)]),
  );
  const bodyHashMatches = createHash('sha256').update(relaxedBody(body), 'utf8').digest('base64') === tags.bh;
  // §5.4.2: each name in h= takes the last not yet used field of that name.
  const used = new Set<number>();
  const signed: string[] = [];
  for (const name of tags.h!.toLowerCase().split(':')) {
    for (let i = fields.length - 1; i >= 0; i--) {
      if (fields[i]!.name === name && !used.has(i) && fields[i] !== signature) {
        used.add(i);
        signed.push(`${relaxedHeader(fields[i]!.text)}\r\n`);
        break;
      }
    }
  }
  // The signature field itself, its b= emptied, without a final line break (§3.7).
  const unsigned = relaxedHeader(signature.text.replace(/(\bb=)[^;]*$/, '$1'));
  const verifier = createVerify('RSA-SHA256');
  verifier.update(signed.join('') + unsigned, 'utf8');
  return { tags, bodyHashMatches, signatureValid: verifier.verify(publicKey, tags.b!, 'base64') };
}
