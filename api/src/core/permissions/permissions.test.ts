import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ORGANIZATION_SETTING_KEYS } from '../../platform/organizations/organizations.inputs.js';
import { buildBaseSchema } from '../../server/schema.js';
import {
  CREDENTIAL_MUTATIONS,
  fieldRules,
  organizationSettingRules,
  OWN_CHOICE_MUTATIONS,
  permissionTable,
  VIEWER_MUTATION_ALLOW_LIST,
} from './permissions.js';

describe('permission table', () => {
  it('has an explicit rule for every root Query and Mutation field', async () => {
    const schema = await buildBaseSchema();
    const missing: string[] = [];
    for (const root of ['Query', 'Mutation'] as const) {
      const type = schema.getType(root);
      if (!isObjectType(type)) continue;
      for (const field of Object.keys(type.getFields())) {
        if (!(field in permissionTable[root])) missing.push(`${root}.${field}`);
      }
    }
    expect(missing, 'root fields without a rule (they would be denied)').toEqual([]);
  });

  it('lists no rule for a field that does not exist', async () => {
    const schema = await buildBaseSchema();
    const stale: string[] = [];
    const tables = { ...fieldRules, ...permissionTable };
    for (const [typeName, fields] of Object.entries(tables)) {
      const type = schema.getType(typeName);
      for (const field of Object.keys(fields)) {
        if (!isObjectType(type) || !(field in type.getFields())) stale.push(`${typeName}.${field}`);
      }
    }
    expect(stale).toEqual([]);
  });

  it("keeps the viewer allow-list to the spec's three mutations and the board's decisions, each of them real", async () => {
    // The spec: "The allowed ones are switch-org, intro-seen and AI recommendations." Payables
    // (issue #45): "viewers who hold a board seat may approve without other write rights".
    const spec = [
      'approveBill',
      'markIntroSeen',
      'rejectBill',
      'requestAiRecommendation',
      'switchOrganization',
    ];
    const mutations = (await buildBaseSchema()).getMutationType()!.getFields();
    expect(VIEWER_MUTATION_ALLOW_LIST.filter((m) => !(m in mutations))).toEqual([]);
    expect([...VIEWER_MUTATION_ALLOW_LIST].sort()).toEqual(spec);
  });

  it("lists apart, each documented, the caller's own choices a viewer makes too", async () => {
    const mutations = (await buildBaseSchema()).getMutationType()!.getFields();
    expect([...OWN_CHOICE_MUTATIONS]).toEqual(['updateOnboardingChecklist']);
    for (const m of OWN_CHOICE_MUTATIONS) {
      expect(m in mutations, m).toBe(true);
      // Not also on a list of its own (each exemption says why once).
      expect((VIEWER_MUTATION_ALLOW_LIST as readonly string[]).includes(m), m).toBe(false);
      expect((CREDENTIAL_MUTATIONS as readonly string[]).includes(m), m).toBe(false);
    }
    // The comment beside the list says what each one writes.
    const source = readFileSync(join(import.meta.dirname, 'permissions.ts'), 'utf8');
    const doc = source.slice(0, source.indexOf('export const OWN_CHOICE_MUTATIONS'));
    for (const m of OWN_CHOICE_MUTATIONS) expect(doc).toContain(`// - ${m}:`);
  });

  it('declares a rule for every organization setting, and no rule for a key that is none', () => {
    expect(Object.keys(organizationSettingRules).sort()).toEqual(
      [...ORGANIZATION_SETTING_KEYS].sort(),
    );
  });
});
