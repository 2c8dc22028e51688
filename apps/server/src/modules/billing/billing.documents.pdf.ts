import PDFDocument from 'pdfkit';

// A small page layout over pdfkit for the billing documents: a heading, label–value pairs, tables
// with right-aligned money columns, and a footer. The standard Helvetica fonts carry WinAnsi
// (Windows-1252): every letter of the six languages; anything else (a name in another script) is
// written without its accents, or as '?', rather than as garbage.

const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Letters with a stroke do not decompose into a base letter and an accent. */
const strokes: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i' };

function isWinAnsi(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(ch);
}

/** Text the standard fonts can draw: accents dropped where needed, other characters as '?'. */
export function printable(text: string): string {
  return [...text.replace(/[\t\n\r]+/g, ' ')]
    .map((ch) => {
      if (isWinAnsi(ch)) return ch;
      const base = (strokes[ch] ?? ch).normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return [...base].every(isWinAnsi) && base !== '' ? base : /\p{Cc}|\p{Cf}/u.test(ch) ? '' : '?';
    })
    .join('');
}

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

const MARGIN = 50;

/** One document being written; `finish()` answers its bytes. */
export class PdfPage {
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(info: { title: string; author: string; lang: string }) {
    this.doc = new PDFDocument({ size: 'A4', margin: MARGIN, lang: info.lang, info: { Title: printable(info.title), Author: printable(info.author), Creator: 'Patio' } });
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  private get width(): number {
    return this.doc.page.width - MARGIN * 2;
  }

  heading(school: string, title: string, subtitle: string): this {
    this.doc.font('Helvetica').fontSize(10).fillColor('#555555').text(printable(school), { width: this.width });
    this.doc.moveDown(0.3).font('Helvetica-Bold').fontSize(18).fillColor('#000000').text(printable(title), { width: this.width });
    this.doc.font('Helvetica').fontSize(11).text(printable(subtitle), { width: this.width }).moveDown(0.8);
    return this;
  }

  /** Label–value pairs, one per line. */
  pairs(rows: [string, string][]): this {
    for (const [label, value] of rows) {
      const y = this.doc.y;
      this.doc.font('Helvetica-Bold').fontSize(10).text(printable(label), MARGIN, y, { width: 150 });
      const labelBottom = this.doc.y;
      this.doc.font('Helvetica').text(printable(value), MARGIN + 160, y, { width: this.width - 160 });
      this.doc.y = Math.max(labelBottom, this.doc.y) + 3;
    }
    this.doc.x = MARGIN;
    this.doc.moveDown(0.5);
    return this;
  }

  /** A paragraph. */
  text(text: string, options: { bold?: boolean; size?: number } = {}): this {
    this.doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(options.size ?? 10).text(printable(text), MARGIN, this.doc.y, { width: this.width });
    this.doc.moveDown(0.4);
    return this;
  }

  /** A table; widths are fractions of the page's text width. Rows may be bold (totals). */
  table(columns: Column[], rows: { cells: string[]; bold?: boolean }[]): this {
    const widths = columns.map((c) => c.width * this.width);
    const line = (cells: string[], bold: boolean) => {
      if (this.doc.y > this.doc.page.height - MARGIN - 40) this.doc.addPage();
      const y = this.doc.y;
      let x = MARGIN;
      let bottom = y;
      cells.forEach((cell, i) => {
        this.doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).text(printable(cell), x + 2, y, { width: widths[i] - 4, align: columns[i].align ?? 'left' });
        bottom = Math.max(bottom, this.doc.y);
        x += widths[i];
      });
      this.doc.y = bottom + 3;
    };
    line(columns.map((c) => c.title), true);
    this.doc.moveTo(MARGIN, this.doc.y - 1).lineTo(MARGIN + this.width, this.doc.y - 1).strokeColor('#999999').lineWidth(0.5).stroke();
    this.doc.y += 2;
    for (const row of rows) line(row.cells, row.bold === true);
    this.doc.x = MARGIN;
    this.doc.moveDown(0.6);
    return this;
  }

  footer(text: string): this {
    this.doc.moveDown(1).font('Helvetica').fontSize(8).fillColor('#555555').text(printable(text), MARGIN, this.doc.y, { width: this.width });
    return this;
  }

  finish(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }
}
