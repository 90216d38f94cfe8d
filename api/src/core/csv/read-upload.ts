import type { FileUpload } from 'graphql-upload-ts';
import { badInput } from '../errors/app-error.js';

// The text of an uploaded file (CSV imports), refused past maxBytes without reading further.
export async function readUploadText(
  upload: Promise<FileUpload>,
  maxBytes: number,
): Promise<string> {
  let file: FileUpload;
  try {
    file = await upload;
  } catch (err) {
    throw badInput([{ field: 'file', message: (err as Error).message }], 'The upload failed');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file.createReadStream()) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
      throw badInput([{ field: 'file', message: `CSV files are limited to ${mb} MB` }]);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
