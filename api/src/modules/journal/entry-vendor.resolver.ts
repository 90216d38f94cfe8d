import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../core/context.js';
import { Vendor, vendorById } from '../vendors/index.js';
import { JournalEntry } from './journal.types.js';

// An entry names a vendor (its 1099 spend, the vendor's activity); the journal sits above vendors,
// so the field is resolved here.
@Resolver(() => JournalEntry)
export class JournalEntryVendorResolver {
  @FieldResolver(() => Vendor, { nullable: true, description: 'The vendor the entry names' })
  vendor(@Root() entry: JournalEntry, @Ctx() ctx: Context): Promise<Vendor | null> {
    if (!entry.vendorId) return Promise.resolve(null);
    return ctx.loaders.get(vendorById).load(entry.vendorId);
  }
}
