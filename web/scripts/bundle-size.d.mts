// Types for bundle-size.mjs (imported by web/src/bundle-budget.test.ts).
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}
export interface PageLoad {
  page: string;
  files: string[];
  js: Sizes;
  css: Sizes;
  total: Sizes;
}
export type Manifest = Record<
  string,
  { file: string; src?: string; imports?: string[]; dynamicImports?: string[]; css?: string[] }
>;

export const DEFAULT_DIST: string;
export const FIRST_LOAD_BUDGET_GZIP: number;
export const PAGES: { login: string; dashboard: string; accounts: string };
export function readManifest(dist?: string): Manifest;
export function firstLoadFiles(
  manifest: Manifest,
  keys: string[],
): { js: string[]; css: string[]; chunks: string[] };
export function measurePage(page: string, dist?: string, manifest?: Manifest): PageLoad;
