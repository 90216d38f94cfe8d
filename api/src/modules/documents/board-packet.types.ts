import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType({ description: "The treasurer's note on a line of a month's income statement" })
export class VarianceNote {
  @Field(() => String, { description: 'The month, e.g. "2026-03"' })
  month: string;

  @Field(() => ID)
  accountId: string;

  @Field(() => String)
  note: string;

  @Field(() => ID, { nullable: true })
  updatedById: string | null;

  @Field(() => Date)
  updatedAt: Date;
}

@ObjectType({ description: "What the association's board packets show" })
export class BoardPacketSettings {
  @Field(() => Boolean, {
    description: "Owners' names on the delinquency list (otherwise units only)",
  })
  ownerNames: boolean;
}
