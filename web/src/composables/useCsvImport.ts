import { computed, ref, type Ref } from 'vue';
import { errorMessage } from '@/apollo/errors';
import { UploadError } from '@/apollo/upload';
import { plural } from '@/format';

/** One problem of an imported file, at its line (the header is line 1). */
export interface ImportRowError {
  row: number;
  field: string | null;
  message: string;
}

/**
 * What a success message adds when the file held the template's sample rows, which the API
 * leaves out ("1 sample row skipped"); nothing otherwise.
 */
export function sampleRowsNote(skipped: number | null | undefined, locale?: string): string {
  return skipped ? `${plural(skipped, 'sample row', 'sample rows', locale)} skipped` : '';
}

/**
 * The state of an all-or-nothing CSV import dialog: the file picked, the upload's progress, the
 * row errors the API answered (nothing was written then) or the failure. `run` uploads the file;
 * on success `done` gets the number created (and of sample rows left out) and the dialog closes.
 * Each open starts clean.
 */
export function useCsvImport(
  visible: Ref<boolean>,
  run: (
    file: File,
    onProgress: (fraction: number) => void,
  ) => Promise<{ created: number; sampleRowsSkipped?: number; errors: ImportRowError[] }>,
  done: (created: number, sampleRowsSkipped: number) => void,
  clearInput: () => void,
) {
  const file = ref<File | null>(null);
  const progress = ref<number | null>(null);
  const rowErrors = ref<ImportRowError[]>([]);
  const failure = ref<string | null>(null);
  const importing = computed(() => progress.value !== null);

  function reset(): void {
    file.value = null;
    progress.value = null;
    rowErrors.value = [];
    failure.value = null;
  }

  function onPick(picked: File | null): void {
    file.value = picked;
    rowErrors.value = [];
    failure.value = null;
  }

  async function start(): Promise<void> {
    if (!file.value) {
      failure.value = 'Choose a CSV file first.';
      return;
    }
    failure.value = null;
    rowErrors.value = [];
    progress.value = 0;
    try {
      const result = await run(file.value, (f) => (progress.value = f));
      if (result.errors.length) {
        rowErrors.value = [...result.errors].sort((a, b) => a.row - b.row);
        return;
      }
      done(result.created, result.sampleRowsSkipped ?? 0);
      visible.value = false;
    } catch (e) {
      failure.value = e instanceof UploadError ? e.message : errorMessage(e);
    } finally {
      progress.value = null;
      clearInput();
    }
  }

  return { file, progress, rowErrors, failure, importing, reset, onPick, start };
}
