import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection, type ConnectionResult } from '../../core/graphql/connection.js';
import { PLATFORM_TEXT_LIMITS } from '@covenant/shared/text-limits';
import { AtMost, Filled } from '../../core/validation.js';

export enum IdeaStatus {
  SUBMITTED = 'submitted',
  UNDER_REVIEW = 'under_review',
  PLANNED = 'planned',
  IN_PROGRESS = 'in_progress',
  DONE = 'done',
  DECLINED = 'declined',
}
registerEnumType(IdeaStatus, {
  name: 'IdeaStatus',
  description: 'Where an idea stands; super admins move it (any status to any other)',
});

export const IDEA_STATUSES = Object.values(IdeaStatus);

export const IDEA_LIMITS = PLATFORM_TEXT_LIMITS.ideas;

@ObjectType({
  description:
    'An idea a member of an organization submitted; kept once for every tenant. `adminNote` is for super admins only (a field rule)',
})
export class Idea {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  organizationId: string;

  @Field(() => String, { description: 'Name of the organization it came from' })
  organizationName: string;

  @Field(() => String, {
    nullable: true,
    description: 'Who submitted it (name, else email); null once that user is deleted',
  })
  submittedBy: string | null;

  @Field(() => String)
  title: string;

  @Field(() => String)
  description: string;

  @Field(() => IdeaStatus)
  status: IdeaStatus;

  @Field(() => String, {
    description:
      'Private note of the platform team (sprint references, follow-ups); super admins only: anyone else asking gets FORBIDDEN',
  })
  adminNote: string;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date)
  updatedAt: Date;
}

@ObjectType({ description: 'How many ideas have one status (the admin summary cards)' })
export class IdeaStatusCount {
  @Field(() => IdeaStatus)
  status: IdeaStatus;

  @Field(() => Int)
  count: number;
}

@ObjectType({ description: 'An organization that has submitted ideas (the admin filter)' })
export class IdeaOrganization {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => Int)
  ideaCount: number;
}

export const IdeaConnection = Connection(Idea, 'Idea', 'ideas');
export type IdeaConnection = InstanceType<typeof IdeaConnection>;

// The admin list also answers its per-status counts (over the organization and search filters,
// not the status filter, so every card keeps its figure while one status is shown).
export interface IdeaListResult extends ConnectionResult<Idea> {
  statusCounts?: () => Promise<IdeaStatusCount[]>;
}

@InputType()
export class SubmitIdeaInput {
  @Field(() => String)
  @Filled('Give the idea a title')
  @AtMost(IDEA_LIMITS.title)
  title: string;

  @Field(() => String, { defaultValue: '' })
  @AtMost(IDEA_LIMITS.description)
  description: string;
}
