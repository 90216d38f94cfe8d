import { IsIn, ValidateIf } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { AtMost, Filled, given, TrimmedEmail } from '../../core/validation.js';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';

const S = L.owner_portal_settings;

// The association's contact details shown to owners; each field blank removes it.
@InputType()
export class OwnerPortalSettingsInput {
  @Field(() => String, { nullable: true })
  @AtMost(S.contact_name)
  contactName?: string | null;

  @Field(() => String, { nullable: true })
  @ValidateIf((s: OwnerPortalSettingsInput) => given(s.contactEmail))
  @TrimmedEmail('Enter a valid email address')
  @AtMost(S.contact_email)
  contactEmail?: string | null;

  @Field(() => String, { nullable: true })
  @AtMost(S.contact_phone)
  contactPhone?: string | null;

  @Field(() => String, { nullable: true })
  @AtMost(S.mailing_address)
  mailingAddress?: string | null;

  @Field(() => String, { nullable: true })
  @AtMost(S.payment_instructions)
  paymentInstructions?: string | null;
}

// What owners may read, by category (published_documents.category).
export const PUBLISHED_CATEGORIES = [
  'budget',
  'minutes',
  'rules',
  'financials',
  'insurance',
  'other',
] as const;
export type PublishedCategory = (typeof PUBLISHED_CATEGORIES)[number];

@InputType({
  description:
    'A document to show owners: a generated one (documentId), or the file sent with publishDocument',
})
export class PublishDocumentInput {
  @Field(() => String)
  @Filled('Enter a title')
  @AtMost(L.published_documents.title)
  title: string;

  @Field(() => String, { description: PUBLISHED_CATEGORIES.join(', ') })
  @IsIn(PUBLISHED_CATEGORIES, { message: `One of ${PUBLISHED_CATEGORIES.join(', ')}` })
  category: string;

  @Field(() => ID, {
    nullable: true,
    description: 'A ready document of the Documents page; leave out to publish the file sent',
  })
  documentId?: string | null;
}
