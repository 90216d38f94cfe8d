import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths.js';
import { buildBaseSchema } from './schema.js';

const FILE = join(REPO_ROOT, 'schema.graphql');
const HEADER =
  '# Emitted from the API (npm run schema). Do not edit: a test fails when this file is stale.\n\n';

describe('schema.graphql', () => {
  it('matches the schema the API builds (run `npm run schema` to refresh it)', async () => {
    const printed = HEADER + printSchema(lexicographicSortSchema(await buildBaseSchema())) + '\n';
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(FILE, printed);
    expect(readFileSync(FILE, 'utf8')).toBe(printed);
  });
});
