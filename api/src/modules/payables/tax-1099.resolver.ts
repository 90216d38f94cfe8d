import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { taxIdOfVendor, Vendor1099Report } from '../reports/index.js';
import { TextFile } from './bill-payments.types.js';
import { tax1099Csv, tax1099Year, vendor1099Report } from './tax-1099.service.js';
import { Tax1099Row, Tax1099Year } from './tax-1099.types.js';

@Resolver(() => Tax1099Year)
export class Tax1099Resolver {
  @Query(() => Tax1099Year, {
    description:
      'The 1099-NEC year: vendors flagged for Form 1099 with what they were paid in the calendar year by payment date (bill payments, card payments apart, and spending outside payables), against the filing threshold',
  })
  tax1099Year(
    @Ctx() ctx: Context,
    @Arg('year', () => Int, { description: 'Calendar year of the payments' }) year: number,
  ): Promise<Tax1099Year> {
    return tax1099Year(ctx.em, year);
  }

  @Query(() => TextFile, {
    description:
      'The year’s 1099-NEC forms as a CSV for an e-file service’s bulk import (one row per vendor over the threshold, with the whole TIN): organization admins only. Columns in the API guide',
  })
  tax1099Csv(
    @Ctx() ctx: Context,
    @Arg('year', () => Int, { description: 'Calendar year of the payments' }) year: number,
  ): Promise<TextFile> {
    return tax1099Csv(ctx.em, ctx.services.secrets, ctx.role, year);
  }

  @Query(() => Vendor1099Report, {
    description:
      'Vendors flagged for Form 1099 with what they were paid in a calendar year, against the filing threshold: the 1099-NEC year (tax1099Year) in its first shape, `paid` being what Box 1 reports',
  })
  vendor1099Report(
    @Ctx() ctx: Context,
    @Arg('year', () => Int, { description: 'Calendar year of the payments' }) year: number,
  ): Promise<Vendor1099Report> {
    return vendor1099Report(ctx.em, year);
  }
}

@Resolver(() => Tax1099Row)
export class Tax1099RowResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      'The vendor’s whole tax id (nine digits), for filing: organization admins only (FORBIDDEN for anyone else); null when none is on file',
  })
  taxId(@Root() row: Tax1099Row, @Ctx() ctx: Context): Promise<string | null> {
    return ctx.loaders.get(taxIdOfVendor).load(row.vendorId);
  }
}
