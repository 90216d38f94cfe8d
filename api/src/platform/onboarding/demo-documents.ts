import { Readable } from 'node:stream';
import type { FileUpload } from 'graphql-upload-ts';

// The demo's attachments: a one-page PDF of a vendor's invoice or contract, written by hand (a
// PDF library for two short documents would be the bigger dependency), and handed to the
// attachments service the way the GraphQL upload hands it a file.

const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

// A valid one-page PDF (Helvetica, US Letter) with a title and lines of plain ASCII text.
export function onePagePdf(title: string, lines: string[]): Buffer {
  const content = [
    'BT',
    '/F1 16 Tf',
    '72 720 Td',
    `(${escape(title)}) Tj`,
    '/F1 11 Tf',
    '0 -10 Td',
    ...lines.flatMap((l) => ['0 -16 Td', `(${escape(l)}) Tj`]),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// The bytes as the upload a multipart request would carry.
export function asUpload(filename: string, bytes: Buffer): Promise<FileUpload> {
  return Promise.resolve({
    filename,
    fieldName: 'file',
    mimetype: 'application/pdf',
    encoding: '7bit',
    // Only multipart parsing writes through the capacitor; a stream of bytes needs none.
    capacitor: undefined as unknown as FileUpload['capacitor'],
    createReadStream: () =>
      Readable.from([bytes]) as unknown as ReturnType<FileUpload['createReadStream']>,
  });
}
