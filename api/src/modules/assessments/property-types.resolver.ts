import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { PropertyType } from './assessments.types.js';
import {
  createPropertyType,
  deletePropertyType,
  listPropertyTypes,
  renamePropertyType,
} from './property-types.service.js';

@Resolver(() => PropertyType)
export class PropertyTypesResolver {
  @Query(() => [PropertyType], { description: "The association's property types" })
  propertyTypes(@Ctx() ctx: Context): Promise<PropertyType[]> {
    return listPropertyTypes(ctx.em);
  }

  @Mutation(() => PropertyType)
  createPropertyType(@Arg('name', () => String) name: string, @Ctx() ctx: Context) {
    return createPropertyType(ctx.em, ctx.auth, name);
  }

  @Mutation(() => PropertyType)
  renamePropertyType(
    @Arg('id', () => ID) id: string,
    @Arg('name', () => String) name: string,
    @Ctx() ctx: Context,
  ) {
    return renamePropertyType(ctx.em, ctx.auth, id, name);
  }

  @Mutation(() => Boolean, { description: 'Refused (CONFLICT) while units or rates use it' })
  deletePropertyType(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return deletePropertyType(ctx.em, ctx.auth, id);
  }
}
