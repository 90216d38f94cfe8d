import type { Context } from '../../core/context.js';
import { defineLoader } from '../../core/loaders.js';
import { listGroups } from './assessment-groups.service.js';
import type { AssessmentGroup, PropertyType } from './assessments.types.js';
import { listPropertyTypes } from './property-types.service.js';

const propertyTypeByIdLoader = defineLoader<string, PropertyType>(
  'propertyTypeById',
  async (ctx, ids) => {
    const all = await listPropertyTypes(ctx.em);
    return ids.map((id) => all.find((p) => p.id === id)!);
  },
);

export function propertyTypeById(ctx: Context, id: string): Promise<PropertyType> {
  return ctx.loaders.get(propertyTypeByIdLoader).load(id);
}

const groupByIdLoader = defineLoader<string, AssessmentGroup>(
  'assessmentGroupById',
  async (ctx, ids) => {
    const all = await listGroups(ctx.em, [...ids]);
    return ids.map((id) => all.find((g) => g.id === id)!);
  },
);

export function groupById(ctx: Context, id: string): Promise<AssessmentGroup> {
  return ctx.loaders.get(groupByIdLoader).load(id);
}
