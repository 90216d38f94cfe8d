import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({
  description:
    "A document the association shows its owners: a generated one (a budget's board packet) or a file uploaded to be published (minutes, rules)",
})
export class PublishedDocument {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  title: string;

  @Field(() => String, {
    description: 'budget, minutes, rules, financials, insurance or other',
  })
  category: string;

  @Field(() => String)
  fileName: string;

  @Field(() => String)
  contentType: string;

  @Field(() => Int, { nullable: true, description: 'Bytes' })
  size: number | null;

  @Field(() => Date)
  publishedAt: Date;

  @Field(() => ID, {
    nullable: true,
    description: 'The generated document it shows (staff only; null for an uploaded file)',
  })
  documentId: string | null;

  storageKey: string | null;
}
