// The part of pdfmake 0.3's server API the documents engine uses (the package ships no types, and
// @types/pdfmake describes 0.2, whose createPdf answers through callbacks).
declare module 'pdfmake' {
  export type Content = string | Content[] | ContentObject;
  export interface ContentObject {
    [key: string]: unknown;
  }
  export interface FontFiles {
    normal: string;
    bold: string;
    italics: string;
    bolditalics: string;
  }
  export interface DocumentDefinition {
    content: Content;
    [key: string]: unknown;
  }
  export interface OutputDocument {
    getBuffer(): Promise<Buffer>;
  }
  const pdfmake: {
    setFonts(fonts: Record<string, FontFiles>): void;
    setUrlAccessPolicy(allow: (url: string) => boolean): void;
    setLocalAccessPolicy(allow: (path: string) => boolean): void;
    createPdf(doc: DocumentDefinition, options?: object): OutputDocument;
  };
  export default pdfmake;
}
