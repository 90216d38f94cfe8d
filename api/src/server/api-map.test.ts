import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema } from 'graphql';
import { allow } from 'graphql-shield';
import { describe, expect, it } from 'vitest';
import { permissionTable } from '../core/permissions/permissions.js';
import * as rules from '../core/permissions/rules.js';
import { REPO_ROOT } from '../paths.js';

// docs/api.md maps every endpoint and operation the spec names to a GraphQL operation and the rule
// guarding it. The table is read as written: an operation it names must exist in the committed
// schema.graphql, and the permission table must guard it with the rule it states.

const DOC = readFileSync(join(REPO_ROOT, 'docs', 'api.md'), 'utf8');
const SCHEMA = buildSchema(readFileSync(join(REPO_ROOT, 'schema.graphql'), 'utf8'));

interface Row {
  line: number;
  spec: string;
  operation: string;
  rule: string;
}

function mapRows(): Row[] {
  const start = DOC.indexOf("## The spec's endpoints, mapped");
  if (start < 0) return [];
  const lines = DOC.slice(start).split('\n');
  const first = DOC.slice(0, start).split('\n').length;
  const rows: Row[] = [];
  let inSection = true;
  lines.forEach((text, i) => {
    if (i > 0 && text.startsWith('## ')) inSection = false; // the next section
    if (!text.startsWith('|') || /^\|\s*-/.test(text)) return;
    const cells = text
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells[0] === 'Spec') return;
    if (inSection)
      rows.push({ line: first + i, spec: cells[0], operation: cells[1], rule: cells[2] });
  });
  return rows;
}

const named: Record<string, unknown> = { allow, ...rules };
const unquote = (s: string) => s.replace(/`/g, '').trim();

// The rule a cell names: one rule, or "a or b" (an `or` of those rules in that order).
function matchesRule(cell: string, actual: unknown): boolean {
  const parts = unquote(cell).split(/\s+or\s+/);
  if (parts.length === 1) return named[parts[0]] !== undefined && named[parts[0]] === actual;
  if (!(actual instanceof Object) || actual.constructor.name !== 'RuleOr') return false;
  const inner = (actual as { getRules(): unknown[] }).getRules();
  return inner.length === parts.length && parts.every((p, i) => named[p] === inner[i]);
}

describe("docs/api.md: the spec's endpoints, mapped", () => {
  const rows = mapRows();

  it('has the table, with every path the spec names', () => {
    const paths = [
      'GET /admin/ideas',
      'PUT /admin/ideas/:id/status',
      'PUT /admin/ideas/:id/note',
      'PUT /admin/organizations/:id/settings',
      'PUT /admin/organizations/:id/plan',
      'POST /admin/impersonate/:userId',
      'PATCH /auth/intro-seen',
      'PATCH /organizations/settings',
      'POST /accounts',
      'POST /assessment-groups',
      'POST /units',
      'POST /budgets/:year/import',
    ];
    const specCells = rows.map((r) => unquote(r.spec));
    expect(paths.filter((p) => !specCells.includes(p))).toEqual([]);
    expect(rows.length).toBeGreaterThan(paths.length);
  });

  it('names only operations schema.graphql has, each guarded by the rule it states', () => {
    const problems: string[] = [];
    for (const row of rows) {
      if (/^not built yet \(.+\)$/.test(row.operation) || row.operation.startsWith('HTTP ')) {
        continue;
      }
      const m = /^`(query|mutation) (\w+)`$/.exec(row.operation);
      if (!m) {
        problems.push(
          `line ${row.line}: "${row.operation}" is not \`query x\`, \`mutation x\`, HTTP … or not built yet (#n)`,
        );
        continue;
      }
      const root = m[1] === 'query' ? 'Query' : 'Mutation';
      const fields = (
        root === 'Query' ? SCHEMA.getQueryType() : SCHEMA.getMutationType()
      )!.getFields();
      if (!(m[2] in fields)) {
        problems.push(`line ${row.line}: ${m[1]} ${m[2]} is not in schema.graphql`);
        continue;
      }
      const actual = permissionTable[root][m[2]];
      if (!matchesRule(row.rule, actual)) {
        problems.push(`line ${row.line}: ${m[1]} ${m[2]} is not guarded by ${row.rule}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('catches a wrong row (the checks can fail)', () => {
    expect(matchesRule('`isSuperadmin`', permissionTable.Query.adminIdeas)).toBe(true);
    expect(matchesRule('`canReadTenant`', permissionTable.Query.adminIdeas)).toBe(false);
    expect(
      matchesRule(
        '`isTenantAdmin` or `isSuperadmin`',
        permissionTable.Mutation.updateOrganizationCalendar,
      ),
    ).toBe(true);
    expect(
      matchesRule(
        '`isSuperadmin` or `isTenantAdmin`',
        permissionTable.Mutation.updateOrganizationCalendar,
      ),
    ).toBe(false);
    expect(matchesRule('`nonsense`', undefined)).toBe(false);
  });
});
