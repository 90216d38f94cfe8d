import { createRequire } from 'node:module';
import { dirname, join, resolve, sep } from 'node:path';
import pdfmake, { type Content, type ContentObject, type FontFiles } from 'pdfmake';

export type { Content, ContentObject };

// The association's documents (board packets, the CPA package, reconciliation reports) are PDFs
// rendered here, on the server, by pdfmake 0.3 (MIT, on pdfkit): it lays tables across pages with
// their header rows repeated, keeps a row whole, embeds the font, builds a table of contents and
// numbers pages "X of Y". Documents are built as pdfmake content (plain objects) by the features
// that own the figures, with the helpers of ./tables.ts; this file adds the page frame.
//
// The font is Roboto as pdfmake ships it (node_modules/pdfmake/fonts/Roboto, v3.014, SIL Open Font
// Licence 1.1, which allows embedding in documents): never a system font, so a PDF reads the same
// on every server. Its digits are tabular (every figure 1151 units wide), so columns of amounts
// line up without a font feature. Roboto has no bold; Medium stands in for it.
const FONT_DIR = join(dirname(createRequire(import.meta.url).resolve('pdfmake')), '..', 'fonts');
const ROBOTO = join(FONT_DIR, 'Roboto');
const fonts: Record<string, FontFiles> = {
  Roboto: {
    normal: join(ROBOTO, 'Roboto-Regular.ttf'),
    bold: join(ROBOTO, 'Roboto-Medium.ttf'),
    italics: join(ROBOTO, 'Roboto-Italic.ttf'),
    bolditalics: join(ROBOTO, 'Roboto-MediumItalic.ttf'),
  },
};
pdfmake.setFonts(fonts);
// Font files a feature brings for a printed form (the MICR font of checks), by full path.
const featureFontFiles = new Set<string>();
// A document's content comes from the books (names, memos): it must never make the renderer fetch
// a URL or read a file. Only the font files are read.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy(
  (path) =>
    resolve(path).startsWith(resolve(FONT_DIR) + sep) || featureFontFiles.has(resolve(path)),
);

// Adds a font family from one file of the feature that needs it (its licence beside the file),
// used for every style of the family: a form's special characters, never the body text.
export function registerFont(family: string, file: string): void {
  featureFontFiles.add(resolve(file));
  fonts[family] = { normal: file, bold: file, italics: file, bolditalics: file };
  pdfmake.setFonts(fonts);
}

export interface PdfFrame {
  // The association's name, on every page.
  association: string;
  // The document's title ("Board packet") and its period in words ("March 2026").
  title: string;
  period: string;
  // An unapproved document (a packet of an open month): "DRAFT" on every page.
  draft?: boolean;
  // Written in the PDF's properties (who generated it).
  author?: string;
  // When it was made; fixed in tests so two renders of the same books are the same bytes.
  createdAt?: Date;
}

// Black on white, hairlines in grey: readable when printed on any office printer.
export const INK = '#000000';
export const RULE = '#8a8a8a';
export const MUTED = '#4a4a4a';

const MARGIN_X = 40;

// The page frame: the association's name and the document's title and period above every page,
// "Page X of Y" below, and DRAFT in the header and across the page when asked.
export function documentDefinition(content: Content, frame: PdfFrame) {
  const title = `${frame.title} · ${frame.period}`;
  return {
    pageSize: 'LETTER',
    pageMargins: [MARGIN_X, 58, MARGIN_X, 48],
    info: {
      title: `${frame.association} — ${title}`,
      author: frame.author ?? frame.association,
      subject: title,
      creator: 'Covenant',
      producer: 'Covenant',
      ...(frame.createdAt ? { creationDate: frame.createdAt, modDate: frame.createdAt } : {}),
    },
    defaultStyle: { font: 'Roboto', fontSize: 9, color: INK, lineHeight: 1.15 },
    styles: DOCUMENT_STYLES,
    ...(frame.draft
      ? { watermark: { text: 'DRAFT', color: '#000000', opacity: 0.07, bold: true, fontSize: 120 } }
      : {}),
    // A section may turn its pages to landscape (a wide table): the rule spans the page's width.
    header: (_page: number, _pages: number, size: { width: number }): Content => ({
      margin: [MARGIN_X, 22, MARGIN_X, 0],
      stack: [
        {
          columns: [
            { text: frame.association, bold: true, fontSize: 9, width: '*' },
            ...(frame.draft
              ? [{ text: 'DRAFT — not approved', bold: true, fontSize: 9, width: 'auto' }]
              : []),
            { text: title, fontSize: 9, alignment: 'right', width: '*', color: MUTED },
          ],
          columnGap: 12,
        },
        {
          canvas: [
            { type: 'line', x1: 0, y1: 4, x2: size.width - 2 * MARGIN_X, y2: 4, lineWidth: 0.5 },
          ],
        },
      ],
    }),
    footer: (page: number, pages: number): Content => ({
      margin: [MARGIN_X, 16, MARGIN_X, 0],
      columns: [
        {
          text: `${frame.association} · ${title}${frame.draft ? ' · DRAFT' : ''}`,
          fontSize: 8,
          color: MUTED,
          width: '*',
        },
        { text: `Page ${page} of ${pages}`, fontSize: 8, alignment: 'right', width: 'auto' },
      ],
    }),
    content,
  };
}

export const DOCUMENT_STYLES = {
  cover: { fontSize: 22, bold: true, margin: [0, 120, 0, 6] },
  coverSub: { fontSize: 13, margin: [0, 0, 0, 24], color: MUTED },
  // A section: starts a page, and is listed in the table of contents.
  section: { fontSize: 14, bold: true, margin: [0, 0, 0, 4] },
  subsection: { fontSize: 11, bold: true, margin: [0, 12, 0, 4] },
  context: { fontSize: 9, color: MUTED, margin: [0, 0, 0, 10] },
  note: { fontSize: 8, color: MUTED, italics: true },
  th: { bold: true, fontSize: 8 },
  toc: { fontSize: 10 },
};

// Renders a document: its content in the page frame, to the bytes of a PDF.
export async function renderPdf(content: Content, frame: PdfFrame): Promise<Buffer> {
  return pdfmake.createPdf(documentDefinition(content, frame)).getBuffer();
}

// Renders a form laid out by its feature on its own paper (checks on check stock): no page frame,
// the same fonts, defaults and access rules.
export async function renderFormPdf(
  definition: { content: Content; [key: string]: unknown },
  info: { title: string; author: string; createdAt?: Date },
): Promise<Buffer> {
  return pdfmake
    .createPdf({
      pageSize: 'LETTER',
      defaultStyle: { font: 'Roboto', fontSize: 9, color: INK, lineHeight: 1.15 },
      ...definition,
      info: {
        title: info.title,
        author: info.author,
        creator: 'Covenant',
        producer: 'Covenant',
        ...(info.createdAt ? { creationDate: info.createdAt, modDate: info.createdAt } : {}),
      },
    })
    .getBuffer();
}
