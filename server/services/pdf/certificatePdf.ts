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
import { markdownToPlainText } from '../../../domain/rendering/markdown';
import { safeStyle, type SafeStyle } from '../../../domain/rendering/styleSanitiser';
import { serverLanguage, translate } from '../../i18n';
import type { CredentialView } from '../rendering/credentialView';
import { formatDate } from '../rendering/credentialPage';

/** A4 landscape, in points. */
const WIDTH = 842;
const HEIGHT = 595;
const MARGIN = 48;
const INK = rgb(0.12, 0.16, 0.22);
const ACCENT = rgb(0.12, 0.36, 0.29);
const WHITE = rgb(1, 1, 1);

type Color = ReturnType<typeof rgb>;

const NAMED_COLORS: Readonly<Record<string, [number, number, number]>> = {
  white: [255, 255, 255],
  black: [0, 0, 0],
  gray: [128, 128, 128],
  grey: [128, 128, 128],
  navy: [0, 0, 128],
  red: [255, 0, 0],
  green: [0, 128, 0],
  blue: [0, 0, 255],
};

/** A design colour (already a safe CSS value: hex, rgb()/rgba(), a name) as a PDF colour; others take `fallback`. */
export function pdfColor(css: string, fallback: Color): Color {
  const value = css.trim().toLowerCase();
  let channels: number[] | null = null;
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex;
    channels = [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16));
  } else if (/^rgba?\(/.test(value)) {
    const numbers = value.match(/-?\d+(?:\.\d+)?%?/g) ?? [];
    if (numbers.length >= 3) {
      channels = numbers.slice(0, 3).map((n) => (n.endsWith('%') ? (Number.parseFloat(n) * 255) / 100 : Number(n)));
    }
  } else if (Object.hasOwn(NAMED_COLORS, value)) {
    channels = NAMED_COLORS[value];
  }
  if (!channels || channels.some((channel) => !Number.isFinite(channel))) return fallback;
  const [r, g, b] = channels.map((channel) => Math.min(255, Math.max(0, channel)) / 255);
  return rgb(r, g, b);
}

/** The design's colours as the PDF uses them. */
interface PdfPalette {
  page: Color;
  card: Color;
  frame: Color;
  titleText: Color;
  titleBand: Color | null;
  name: Color;
  subTitle: Color;
  text: Color;
  muted: Color;
}

function paletteOf(style: SafeStyle): PdfPalette {
  const text = pdfColor(style.paragraph.color, INK);
  const titleBackground = style.title.background.trim().toLowerCase();
  const band =
    titleBackground === 'transparent' || titleBackground === 'none' ? null : pdfColor(titleBackground, ACCENT);
  return {
    page: pdfColor(style.pageBackground, WHITE),
    card: pdfColor(style.sectionBackground, WHITE),
    frame: pdfColor(style.splitter, ACCENT),
    titleText: pdfColor(style.title.color, band ? WHITE : ACCENT),
    titleBand: band,
    name: pdfColor(style.graduateName.color, INK),
    subTitle: pdfColor(style.subTitle.color, ACCENT),
    text,
    // labels: the text colour, lighter
    muted: rgb(text.red * 0.55 + 0.45 * 0.55, text.green * 0.55 + 0.45 * 0.55, text.blue * 0.55 + 0.45 * 0.55),
  };
}

export interface PdfInput {
  view: CredentialView;
  /** the certificate's public page, printed and drawn as a QR code */
  url: string;
  /** a stamp across the page for a certificate that is not valid (e.g. "Suspended credential") */
  stamp: string | null;
  /** the badge image's bytes, when it is a PNG or a JPEG (pdf-lib draws no SVG) */
  badge: Uint8Array | null;
  /** the issuer's and the partner's logos, PNG or JPEG, when the design has them */
  issuerLogo?: Uint8Array | null;
  partnerLogo?: Uint8Array | null;
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

/** Whether the design's font family is a serif one (Georgia, Times, serif), which prints in Times. */
function isSerif(fontFamily: string): boolean {
  const families = fontFamily.toLowerCase().split(',');
  if (families.some((family) => family.includes('sans'))) return false;
  return families.some((family) => /serif|georgia|times|garamond|palatino/.test(family));
}

/**
 * Helvetica (Times for a serif design) when every text fits its Latin-1 encoding (small and fast); otherwise
 * DejaVu Sans, embedded as a subset, so that names such as Łukasz, Ștefan or Ελένη print as written (glyphs it
 * lacks still print as '?').
 */
async function embedFonts(
  document: PDFDocument,
  texts: unknown,
  serif = false,
): Promise<{ regular: PDFFont; bold: PDFFont }> {
  if (fitsStandardFont(texts)) {
    return {
      regular: await document.embedFont(serif ? StandardFonts.TimesRoman : StandardFonts.Helvetica),
      bold: await document.embedFont(serif ? StandardFonts.TimesRomanBold : StandardFonts.HelveticaBold),
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

/** Markdown as printed text: markdown-it's plain text (links as "label (address)"), bullets as •. */
export function plainText(markdown: string): string {
  return markdownToPlainText(markdown).replace(/^(\s*)- /gm, '$1• ');
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

  /**
   * A label and its value on one centred line, told apart: the label in small bold capitals of the muted colour
   * and a separator, the value in the text colour; a value too long for the line goes on the lines below.
   */
  labelled(label: string, value: string, size: number, colors: { label: Color; value: Color }, separator: string) {
    const head = printable(this.bold, `${label.toUpperCase()}${separator}`.trimEnd());
    const labelSize = size * 0.82;
    const body = printable(this.regular, value);
    // the space after the separator, drawn as a gap: a trailing space may be dropped by a viewer
    const headWidth = this.bold.widthOfTextAtSize(head, labelSize) + size * 0.35;
    const bodyWidth = this.regular.widthOfTextAtSize(body, size);
    const room = WIDTH - 2 * MARGIN - 120;
    if (headWidth + bodyWidth > room) {
      this.centered(head, labelSize, this.bold, colors.label);
      this.centered(body, size, this.regular, colors.value);
      return;
    }
    const x = (WIDTH - headWidth - bodyWidth) / 2;
    if (!this.dry) {
      this.page.drawText(head, { x, y: this.y - size, size: labelSize, font: this.bold, color: colors.label });
      this.page.drawText(body, { x: x + headWidth, y: this.y - size, size, font: this.regular, color: colors.value });
    }
    this.y -= size * 1.35;
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

/** A data: URI's bytes (the custom layout's design image), or null. */
function dataUriBytes(uri: string | null): Uint8Array | null {
  const match = uri ? /^data:image\/(?:png|jpeg);base64,([A-Za-z0-9+/=]+)$/.exec(uri) : null;
  return match ? new Uint8Array(Buffer.from(match[1], 'base64')) : null;
}

/**
 * A printable certificate, as its public page shows it: on one A4 landscape page in the design's colours and
 * font kind, the issuer's logo and the partner's, the badge (or the custom layout's design image), the title on
 * its band, the recipient, each label apart from its value, the texts, in the certificate's language, and the
 * page's address as a QR code.
 */
export async function renderCertificatePdf(input: PdfInput): Promise<Uint8Array> {
  const { view } = input;
  const language = serverLanguage(view.language);
  const t = (key: string) => translate(language, `publicPage.${key}`);
  // French sets a space before the colon
  const separator = view.language.startsWith('fr') ? ' : ' : ': ';
  const style = safeStyle(view.cstyle);
  const palette = paletteOf(style);
  const document = await PDFDocument.create();
  document.setTitle(view.title);
  document.setAuthor(view.issuer.name);
  document.setCreator('Laurel');
  document.setLanguage(view.language);
  const page = document.addPage([WIDTH, HEIGHT]);
  const { regular, bold } = await embedFonts(document, [view, input.url, input.stamp], isSerif(style.fontFamily));
  const badge = await embedImage(document, dataUriBytes(style.designImage) ?? input.badge);
  const issuerLogo = await embedImage(document, input.issuerLogo ?? null);
  const partnerLogo = await embedImage(document, input.partnerLogo ?? null);

  page.drawRectangle({ x: 0, y: 0, width: WIDTH, height: HEIGHT, color: palette.page });
  page.drawRectangle({
    x: 18,
    y: 18,
    width: WIDTH - 36,
    height: HEIGHT - 36,
    color: palette.card,
    borderColor: palette.frame,
    borderWidth: 2.5,
  });
  page.drawRectangle({
    x: 26,
    y: 26,
    width: WIDTH - 52,
    height: HEIGHT - 52,
    borderColor: palette.frame,
    borderWidth: 0.6,
  });
  const logoTop = HEIGHT - 40;
  if (issuerLogo) {
    const scaled = issuerLogo.scaleToFit(120, 56);
    page.drawImage(issuerLogo, { x: 44, y: logoTop - scaled.height, ...scaled });
  }
  if (partnerLogo) {
    const scaled = partnerLogo.scaleToFit(120, 56);
    page.drawImage(partnerLogo, { x: WIDTH - 44 - scaled.width, y: logoTop - scaled.height, ...scaled });
  }
  const top = HEIGHT - MARGIN - 8;
  const bottom = 100;
  const colors = { label: palette.muted, value: palette.text };

  const layout = (writer: Writer) => {
    if (badge) {
      const scaled = badge.scaleToFit(style.designImage ? 220 : 110, 110);
      if (!writer.dry) page.drawImage(badge, { x: (WIDTH - scaled.width) / 2, y: writer.y - scaled.height, ...scaled });
      writer.gap(scaled.height + 16);
    }
    if (view.issuer.name) writer.centered(view.issuer.name.toUpperCase(), 11, bold, palette.muted);
    writer.gap(6);
    const titleSize = 28;
    const titleLines = wrap(bold, printable(bold, view.title), titleSize, WIDTH - 2 * MARGIN - 120);
    if (palette.titleBand && !writer.dry) {
      const height = titleLines.length * titleSize * 1.3 + (view.registry?.type ? 13 : 0) + 14;
      page.drawRectangle({ x: 60, y: writer.y - height + 4, width: WIDTH - 120, height, color: palette.titleBand });
    }
    writer.gap(palette.titleBand ? 6 : 0);
    writer.centered(view.title, titleSize, bold, palette.titleText);
    if (view.registry?.type) writer.centered(view.registry.type, 10, bold, palette.titleText);
    writer.gap(palette.titleBand ? 16 : 10);
    writer.centered(view.recipient.title ?? t('awardedTo'), 11, regular, palette.muted);
    writer.gap(2);
    writer.centered(view.recipient.name || '—', 26, bold, palette.name);
    writer.gap(8);
    if (view.partner) writer.labelled(view.partner.title ?? t('partner'), view.partner.name, 11, colors, separator);
    if (view.obtained.date) {
      writer.labelled(
        view.obtained.title ?? t('obtained'),
        formatDate(view.obtained.date, view.language),
        11,
        colors,
        separator,
      );
    }
    if (view.expires) {
      writer.labelled(
        view.expires.title ?? t('expires'),
        formatDate(view.expires.date, view.language),
        11,
        colors,
        separator,
      );
    }
    writer.gap(8);
    for (const entry of view.registry?.entries ?? []) {
      writer.labelled(entry.prefix ?? t(`registry.${entry.entry}`), entry.value, 10, colors, separator);
    }
    for (const section of view.sections) {
      if (writer.y < bottom + 40) break;
      writer.gap(4);
      writer.centered(section.title ?? t(section.section), 11, bold, palette.subTitle);
      const text = plainText(section.markdown)
        .split('\n')
        .map((line) => printable(regular, line))
        .join('\n');
      const lines = wrap(regular, text, 10, WIDTH - 2 * MARGIN - 160);
      for (const line of lines.filter((line) => line !== '').slice(0, 5))
        writer.centered(line, 10, regular, palette.text);
      writer.gap(4);
    }
    if (view.skills && writer.y > bottom + 10) {
      writer.labelled(view.skills.title ?? t('skills'), view.skills.tags.join(', '), 10, colors, separator);
    }
    for (const detail of view.details) {
      if (writer.y > bottom + 10) writer.labelled(detail.name, detail.value, 10, colors, separator);
    }
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
    color: palette.muted,
    maxWidth: WIDTH - 2 * MARGIN - 90,
  });
  page.drawText(printable(regular, t('actions.verify')), {
    x: MARGIN,
    y: MARGIN + 11,
    size: 8,
    font: bold,
    color: palette.muted,
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
