import type { FileUpload } from 'graphql-upload-ts';
import { badInput } from '../errors/app-error.js';
import { decodeCsv } from './decode.js';

// The bytes of an uploaded file (CSV imports), refused past maxBytes without reading further.
// `label` names the files in the message, e.g. "Budget files are limited to 2 MB".
async function readUpload(
  upload: Promise<FileUpload>,
  maxBytes: number,
  label = 'Files',
): Promise<{ name: string; bytes: Buffer }> {
  let file: FileUpload;
  try {
    file = await upload;
  } catch (err) {
    throw badInput([{ field: 'file', message: (err as Error).message }], 'The upload failed');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file.createReadStream()) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw new Error('too large');
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
    const message = /too large|exceed|limit/i.test((err as Error).message)
      ? `${label} are limited to ${mb} MB`
      : 'The upload failed';
    throw badInput([{ field: 'file', message }], message);
  }
  return { name: file.filename, bytes: Buffer.concat(chunks) };
}

// An uploaded CSV file as text, decoded as decode.ts says (refused when unreadable, never with
// U+FFFD in place of what could not be read). Every CSV import reads its file through here.
export async function readCsvUpload(
  upload: Promise<FileUpload>,
  maxBytes: number,
  label = 'CSV files',
): Promise<{ name: string; text: string; encoding: string }> {
  const { name, bytes } = await readUpload(upload, maxBytes, label);
  return { name, ...decodeCsv(bytes) };
}
