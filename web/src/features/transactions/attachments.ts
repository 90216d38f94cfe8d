import type { Attachment } from '@/features/transactions/transactions.graphql';

// How attachments are named and shown. The type is the one the API detected from the bytes.

const TYPES: Record<string, { label: string; icon: string }> = {
  'application/pdf': { label: 'PDF', icon: 'pi pi-file-pdf' },
  'image/png': { label: 'PNG image', icon: 'pi pi-image' },
  'image/jpeg': { label: 'JPEG image', icon: 'pi pi-image' },
  'image/webp': { label: 'WebP image', icon: 'pi pi-image' },
  'image/gif': { label: 'GIF image', icon: 'pi pi-image' },
  'image/heic': { label: 'HEIC image', icon: 'pi pi-image' },
  'image/heif': { label: 'HEIF image', icon: 'pi pi-image' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    label: 'Excel spreadsheet',
    icon: 'pi pi-file-excel',
  },
  'application/vnd.ms-excel': { label: 'Excel spreadsheet (XLS)', icon: 'pi pi-file-excel' },
  'application/vnd.oasis.opendocument.spreadsheet': {
    label: 'OpenDocument spreadsheet',
    icon: 'pi pi-file-excel',
  },
  'text/csv': { label: 'CSV file', icon: 'pi pi-file' },
};

export function attachmentTypeLabel(contentType: string): string {
  return TYPES[contentType]?.label ?? contentType;
}

export function attachmentIcon(contentType: string): string {
  return TYPES[contentType]?.icon ?? 'pi pi-file';
}

/** What a browser shows itself (the API serves these inline): images, and PDFs in a frame. */
export type PreviewKind = 'image' | 'pdf' | null;

export function previewKind(contentType: string): PreviewKind {
  if (/^image\/(png|jpeg|webp|gif)$/.test(contentType)) return 'image';
  if (contentType === 'application/pdf') return 'pdf';
  return null;
}

/** The signed link, asking the API to send the file as a download. */
export function downloadUrl(attachment: Pick<Attachment, 'url'>): string {
  return `${attachment.url}${attachment.url.includes('?') ? '&' : '?'}download=1`;
}
