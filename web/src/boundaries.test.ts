// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The web app's boundaries (eslint/web-boundaries.js), through the repository's own ESLint config:
// each probe is linted as if it were a file at that path, and must be refused, or let through,
// by boundaries/dependencies. The files do not exist; only their paths and imports matter.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const fatal = result!.messages.filter((m) => m.fatal);
  expect(fatal, `${file} must parse`).toEqual([]);
  return result!.messages
    .filter((m) => m.ruleId === 'boundaries/dependencies')
    .map((m) => code.split('\n')[m.line - 1]!.trim());
}

const vue = (script: string) =>
  `<script setup lang="ts">\n${script}\n</script>\n\n<template>\n  <div />\n</template>\n`;

describe('the web app boundaries', { timeout: 120_000 }, () => {
  it('lets a feature use another only through its index.ts, in .ts files', async () => {
    const code = [
      "import { useAccounts } from '@/features/accounts/useAccounts';",
      "import { fundLabel } from '../accounts/accounts';",
      "import { closingLine, useAccounts as accounts } from '@/features/accounts';",
      "import { formatMoney } from '@/money';",
      "import { allocate } from './payments';",
      'export const probe = [useAccounts, fundLabel, closingLine, accounts, formatMoney, allocate];',
    ].join('\n');
    expect(await refusals('web/src/features/payments/probe.ts', code)).toEqual([
      "import { useAccounts } from '@/features/accounts/useAccounts';",
      "import { fundLabel } from '../accounts/accounts';",
    ]);
  });

  it('checks the imports of a .vue file’s <script setup>, and lazy imports too', async () => {
    const code = vue(
      [
        "import AccountDialog from '@/features/accounts/components/AccountDialog.vue';",
        "import { AccountSelect } from '@/features/accounts';",
        "import FormRow from '@/components/FormRow.vue';",
        "const later = () => import('@/features/invoices/components/VoidDateField.vue');",
        'void [AccountDialog, AccountSelect, FormRow, later];',
      ].join('\n'),
    );
    expect(await refusals('web/src/features/payments/components/ProbeDialog.vue', code)).toEqual([
      "import AccountDialog from '@/features/accounts/components/AccountDialog.vue';",
      "const later = () => import('@/features/invoices/components/VoidDateField.vue');",
    ]);
  });

  it('keeps the shared parts from importing any feature, even its index.ts', async () => {
    const code = vue(
      [
        "import { AccountSelect } from '@/features/accounts';",
        "import { useIntroTour } from '@/features/intro-tour/useIntroTour';",
        "import type { Payment } from '@/features/payments';",
        "import { useOrganizationStore } from '@/stores/organization';",
        "import EmptyState from '@/components/EmptyState.vue';",
        'void [AccountSelect, useIntroTour, useOrganizationStore, EmptyState];',
        'export type Probe = Payment;',
      ].join('\n'),
    );
    expect(await refusals('web/src/layouts/ProbeBanner.vue', code)).toEqual([
      "import { AccountSelect } from '@/features/accounts';",
      "import { useIntroTour } from '@/features/intro-tour/useIntroTour';",
      "import type { Payment } from '@/features/payments';",
    ]);
    const store = "import { useAccounts } from '@/features/accounts';\nexport { useAccounts };";
    expect(await refusals('web/src/stores/probe.ts', store)).toHaveLength(1);
    expect(await refusals('web/src/probe.ts', store)).toHaveLength(1);
  });

  it('lets the router read a feature’s routes.ts and index.ts, nothing deeper', async () => {
    const code = [
      "import accountRoutes from '@/features/accounts/routes';",
      "import { useAccounts } from '@/features/accounts';",
      "import AccountsPage from '@/features/accounts/views/AccountsPage.vue';",
      'export const probe = [accountRoutes, useAccounts, AccountsPage];',
    ].join('\n');
    expect(await refusals('web/src/router/probe.ts', code)).toEqual([
      "import AccountsPage from '@/features/accounts/views/AccountsPage.vue';",
    ]);
  });

  it('refuses the API’s sources anywhere in the app; @covenant/shared is the way', async () => {
    const code = [
      "import { parseMoney } from '../../api/src/core/money/money';",
      "import { centsToMoney } from '@covenant/shared/money';",
      'export const probe = [parseMoney, centsToMoney];',
    ].join('\n');
    expect(await refusals('web/src/probe.ts', code)).toEqual([
      "import { parseMoney } from '../../api/src/core/money/money';",
    ]);
    // From inside a feature too.
    expect(
      await refusals(
        'web/src/features/units/probe.ts',
        "import { toCsv } from '../../../../api/src/modules/budgets/budgets.service';\nexport { toCsv };",
      ),
    ).toHaveLength(1);
  });
});
