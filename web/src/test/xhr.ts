import { vi } from 'vitest';

// A stand-in for XMLHttpRequest (attachment uploads use it for progress events): records what
// was sent and lets the test report upload progress and answer with the API's real JSON.

export interface SentUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
  /** The multipart `operations` field, parsed. */
  operations: { operationName?: string; query: string; variables: Record<string, unknown> };
  /** The multipart `map` field, parsed. */
  map: Record<string, string[]>;
  file: File | null;
  /** Reports upload progress (bytes sent of total). */
  progress(loaded: number, total: number): void;
  /** Answers with a status and a JSON body, as the API does. */
  respond(status: number, body: unknown): void;
  /** The connection failed (offline, DNS, reset). */
  fail(): void;
}

type Listener = (event: Event) => void;

class Emitter {
  private listeners = new Map<string, Listener[]>();
  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener(type: string, listener: Listener): void {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((l) => l !== listener),
    );
  }
  emit(type: string, event: Event): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

export function installFakeXhr(onSend?: (upload: SentUpload) => void) {
  const sent: SentUpload[] = [];

  class FakeXMLHttpRequest extends Emitter {
    upload = new Emitter();
    status = 0;
    responseText = '';
    responseType = '';
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};

    open(method: string, url: string): void {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string): void {
      this.headers[name.toLowerCase()] = value;
    }
    abort(): void {
      this.emit('abort', new Event('abort'));
    }
    send(body: FormData): void {
      const operations = JSON.parse(String(body.get('operations'))) as SentUpload['operations'];
      const map = JSON.parse(String(body.get('map'))) as SentUpload['map'];
      const file = body.get('0');
      const upload: SentUpload = {
        method: this.method,
        url: this.url,
        headers: { ...this.headers },
        body,
        operations,
        map,
        file: file instanceof File ? file : null,
        progress: (loaded, total) => {
          const event = Object.assign(new Event('progress'), {
            lengthComputable: true,
            loaded,
            total,
          });
          this.upload.emit('progress', event);
        },
        respond: (status, json) => {
          this.status = status;
          this.responseText = JSON.stringify(json);
          this.emit('load', new Event('load'));
        },
        fail: () => {
          this.status = 0;
          this.emit('error', new Event('error'));
        },
      };
      sent.push(upload);
      onSend?.(upload);
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { sent };
}

/** What the API answers when it refuses a file (see attachments.service.ts). */
export const refusedType = {
  errors: [
    {
      message:
        'Attach a PDF, an image (PNG, JPEG, WebP, GIF, HEIC) or a spreadsheet (XLSX, XLS, ODS, CSV)',
      path: ['uploadAttachment'],
      extensions: {
        code: 'BAD_USER_INPUT',
        details: [{ field: 'file', message: 'This type of file cannot be attached' }],
      },
    },
  ],
  data: null,
};

export const tooLarge = {
  errors: [
    {
      message: 'Files are limited to 20 MB',
      path: ['uploadAttachment'],
      extensions: {
        code: 'BAD_USER_INPUT',
        details: [{ field: 'file', message: 'Files are limited to 20 MB' }],
      },
    },
  ],
  data: null,
};
