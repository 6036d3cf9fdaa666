import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import {
  degrees,
  PDFDocument,
  rgb,
  StandardFontEmbedder,
  StandardFonts,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import qrcode from 'qrcode-generator';
import { serverLanguage, translate } from '../../i18n';
import type { CredentialView } from '../rendering/credentialView';
import { formatDate } from '../rendering/credentialPage';

/** A4 landscape, in points. */
const WIDTH = 842;
const HEIGHT = 595;
const MARGIN = 48;
const INK = rgb(0.12, 0.16, 0.22);
const MUTED = rgb(0.42, 0.45, 0.5);
const ACCENT = rgb(0.12, 0.36, 0.29);

export interface PdfInput {
  view: CredentialView;
  /** the certificate's public page, printed and drawn as a QR code */
  url: string;
  /** a stamp across the page for a certificate that is not valid (e.g. "Suspended credential") */
  stamp: string | null;
  /** the badge image's bytes, when it is a PNG or a JPEG (pdf-lib draws no SVG) */
  badge: Uint8Array | null;
}

/** The standard fonts write WinAnsi only: other characters become '?' rather than failing the document. */
function printable(font: PDFFont, value: string): string {
  let out = '';
  for (const char of value.normalize('NFC')) {
    try {
      font.encodeText(char);
      out += char;
    } catch {
      out += '?';
    }
  }
  return out;
}

const FONT_FILES = {
  regular: new URL('./fonts/DejaVuSans.ttf', import.meta.url),
  bold: new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url),
};
let unicodeFonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;

// pdf-lib's enum and its embedder's font-name type are the same strings under two type names
const helvetica = StandardFontEmbedder.for(
  StandardFonts.Helvetica as unknown as Parameters<typeof StandardFontEmbedder.for>[0],
);

/** Whether the standard fonts (WinAnsi) can write every character of the certificate's texts. */
function fitsStandardFont(texts: unknown): boolean {
  try {
    helvetica.encodeText(JSON.stringify(texts).normalize('NFC'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Helvetica when every text fits its Latin-1 encoding (small and fast); otherwise DejaVu Sans, embedded as a
 * subset, so that names such as Łukasz, Ștefan or Ελένη print as written (glyphs it lacks still print as '?').
 */
async function embedFonts(document: PDFDocument, texts: unknown): Promise<{ regular: PDFFont; bold: PDFFont }> {
  if (fitsStandardFont(texts)) {
    return {
      regular: await document.embedFont(StandardFonts.Helvetica),
      bold: await document.embedFont(StandardFonts.HelveticaBold),
    };
  }
  unicodeFonts ??= Promise.all([readFile(FONT_FILES.regular), readFile(FONT_FILES.bold)]).then(([r, b]) => ({
    regular: r,
    bold: b,
  }));
  const bytes = await unicodeFonts;
  document.registerFontkit(fontkit);
  return {
    regular: await document.embedFont(bytes.regular, { subset: true }),
    bold: await document.embedFont(bytes.bold, { subset: true }),
  };
}

/** Markdown as plain text: markers dropped, links as their text. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^\s*[-*+]\s+/gm, '• ')
    .replace(/(\*\*|__|\*|_|`)/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || line === '') line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Writes centred lines downwards from `y`; a dry writer only measures, to centre the block on the page. */
class Writer {
  constructor(
    readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    public y: number,
    readonly dry: boolean,
  ) {}

  centered(text: string, size: number, font = this.regular, color = INK): void {
    for (const line of wrap(font, printable(font, text), size, WIDTH - 2 * MARGIN - 120)) {
      const width = font.widthOfTextAtSize(line, size);
      if (!this.dry) this.page.drawText(line, { x: (WIDTH - width) / 2, y: this.y - size, size, font, color });
      this.y -= size * 1.3;
    }
  }

  gap(points: number): void {
    this.y -= points;
  }
}

/** The QR code as one SVG path of its dark modules: one drawing operation instead of hundreds. */
function drawQr(page: PDFPage, url: string, x: number, y: number, size: number): void {
  const qr = qrcode(0, 'M');
  qr.addData(url);
  qr.make();
  const count = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) if (qr.isDark(row, column)) path += `M${column} ${row}h1v1h-1z`;
  }
  page.drawSvgPath(path, { x, y: y + size, scale: size / count, color: INK, borderWidth: 0 });
}

async function embedImage(document: PDFDocument, bytes: Uint8Array | null): Promise<PDFImage | null> {
  if (!bytes) return null;
  try {
    if (bytes[0] === 0x89 && bytes[1] === 0x50) return await document.embedPng(bytes);
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return await document.embedJpg(bytes);
  } catch {
    return null;
  }
  return null;
}

/** A printable certificate: the design's content on one A4 landscape page, with the page's address as a QR code. */
export async function renderCertificatePdf(input: PdfInput): Promise<Uint8Array> {
  const { view } = input;
  const language = serverLanguage(view.language);
  const t = (key: string) => translate(language, `publicPage.${key}`);
  const document = await PDFDocument.create();
  document.setTitle(view.title);
  document.setAuthor(view.issuer.name);
  document.setCreator('Laurel');
  document.setLanguage(view.language);
  const page = document.addPage([WIDTH, HEIGHT]);
  const { regular, bold } = await embedFonts(document, [view, input.url, input.stamp]);
  const badge = await embedImage(document, input.badge);
  page.drawRectangle({ x: 18, y: 18, width: WIDTH - 36, height: HEIGHT - 36, borderColor: ACCENT, borderWidth: 2.5 });
  page.drawRectangle({ x: 26, y: 26, width: WIDTH - 52, height: HEIGHT - 52, borderColor: ACCENT, borderWidth: 0.6 });
  const top = HEIGHT - MARGIN - 8;
  const bottom = 120;

  const layout = (writer: Writer) => {
    if (badge) {
      const scaled = badge.scaleToFit(110, 110);
      if (!writer.dry) page.drawImage(badge, { x: (WIDTH - scaled.width) / 2, y: writer.y - scaled.height, ...scaled });
      writer.gap(scaled.height + 18);
    }
    if (view.issuer.name) writer.centered(view.issuer.name.toUpperCase(), 11, bold, MUTED);
    writer.gap(6);
    writer.centered(view.title, 30, bold, ACCENT);
    writer.gap(14);
    writer.centered(view.recipient.title ?? t('awardedTo'), 12, regular, MUTED);
    writer.gap(2);
    writer.centered(view.recipient.name || '—', 26, bold);
    writer.gap(10);
    if (view.partner) writer.centered(`${view.partner.title ?? t('partner')} ${view.partner.name}`, 11, regular, MUTED);
    const dates = [
      view.obtained.date
        ? `${view.obtained.title ?? t('obtained')}: ${formatDate(view.obtained.date, view.language)}`
        : '',
      view.expires ? `${view.expires.title ?? t('expires')}: ${formatDate(view.expires.date, view.language)}` : '',
    ].filter(Boolean);
    if (dates.length > 0) writer.centered(dates.join('   ·   '), 11, regular, MUTED);
    writer.gap(12);
    for (const entry of view.registry?.entries ?? [])
      writer.centered(`${entry.prefix ?? t(`registry.${entry.entry}`)} ${entry.value}`, 10);
    for (const section of view.sections) {
      if (writer.y < bottom + 40) break;
      writer.centered(section.title ?? t(section.section), 11, bold);
      const lines = wrap(regular, printable(regular, plainText(section.markdown)), 10, WIDTH - 2 * MARGIN - 160);
      for (const line of lines.slice(0, 5)) writer.centered(line, 10);
      writer.gap(6);
    }
    if (view.skills && writer.y > bottom + 20)
      writer.centered(`${view.skills.title ?? t('skills')}: ${view.skills.tags.join(', ')}`, 10, regular, MUTED);
    for (const detail of view.details)
      if (writer.y > bottom + 10) writer.centered(`${detail.name}: ${detail.value}`, 10, regular, MUTED);
  };
  const measure = new Writer(page, regular, bold, top, true);
  layout(measure);
  const height = top - measure.y;
  layout(new Writer(page, regular, bold, Math.min(top, bottom + (top - bottom + height) / 2), false));

  drawQr(page, input.url, WIDTH - MARGIN - 72, MARGIN - 8, 72);
  const address = printable(regular, input.url);
  page.drawText(address, {
    x: MARGIN,
    y: MARGIN,
    size: 7,
    font: regular,
    color: MUTED,
    maxWidth: WIDTH - 2 * MARGIN - 90,
  });
  page.drawText(printable(regular, t('actions.verify')), {
    x: MARGIN,
    y: MARGIN + 11,
    size: 8,
    font: bold,
    color: MUTED,
  });
  if (input.stamp) {
    const size = 48;
    const text = printable(bold, input.stamp.toUpperCase());
    const width = bold.widthOfTextAtSize(text, size);
    page.drawText(text, {
      x: (WIDTH - width * 0.87) / 2,
      y: HEIGHT / 2 - width / 4,
      size,
      font: bold,
      color: rgb(0.75, 0.1, 0.1),
      opacity: 0.35,
      rotate: degrees(25),
    });
  }
  return document.save();
}
