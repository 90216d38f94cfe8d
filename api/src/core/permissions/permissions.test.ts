import { isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildBaseSchema } from '../../server/schema.js';
import { fieldRules, permissionTable, VIEWER_MUTATION_ALLOW_LIST } from './permissions.js';

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

  it('keeps the viewer allow-list to mutations the spec names, each of them real', async () => {
    // The spec's three, and the caller's own checklist card (hidden or restored, viewers too).
    const spec = [
      'markIntroSeen',
      'requestAiRecommendation',
      'switchOrganization',
      'updateOnboardingChecklist',
    ];
    expect(VIEWER_MUTATION_ALLOW_LIST.every((m) => spec.includes(m))).toBe(true);
    const mutations = (await buildBaseSchema()).getMutationType()!.getFields();
    expect(VIEWER_MUTATION_ALLOW_LIST.filter((m) => !(m in mutations))).toEqual([]);
    expect([...VIEWER_MUTATION_ALLOW_LIST].sort()).toEqual(spec);
  });
});
