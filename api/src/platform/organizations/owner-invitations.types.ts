import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'An owner of a unit: a person invited to the owner portal for it' })
export class UnitOwner {
  @Field(() => ID)
  userId: string;

  @Field(() => String)
  email: string;

  @Field(() => String, {
    nullable: true,
    description: 'Not shown until the invitation is accepted',
  })
  name: string | null;

  @Field(() => String, {
    description:
      'INVITED (no access until the emailed invitation is accepted), ACTIVE or SUSPENDED (no access)',
  })
  status: string;

  @Field(() => Date, { description: 'When they were made an owner of this unit' })
  invitedAt: Date;

  @Field(() => ID, {
    nullable: true,
    description:
      'Their pending invitation while INVITED: resendInvitation or issueInvitationLink take it',
  })
  invitationId: string | null;

  @Field(() => Date, { nullable: true, description: "When the pending invitation's link expires" })
  invitationExpiresAt: Date | null;
}

@ObjectType({ description: 'A unit and address of the file that was not invited, and why' })
export class OwnerInvitationSkip {
  @Field(() => String)
  unitNumber: string;

  @Field(() => String, { nullable: true })
  email: string | null;

  @Field(() => String)
  reason: string;
}

@ObjectType({ description: 'What inviting owners from the units CSV did (or would do: dryRun)' })
export class OwnerInvitationsResult {
  @Field(() => Int, {
    description: 'Owners made owners of a unit now (one per unit and email address)',
  })
  invited: number;

  @Field(() => Int, { description: 'Addresses already owners of the unit, left as they were' })
  alreadyInvited: number;

  @Field(() => [OwnerInvitationSkip])
  skipped: OwnerInvitationSkip[];

  @Field(() => Int, { description: 'Invitation emails sent (one per person, naming their units)' })
  emailsSent: number;
}
