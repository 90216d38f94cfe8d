import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import { OrganizationStatus } from '../../core/roles.js';
import { Role } from '../../core/roles.js';
import { User } from './users.entity.js';

@ObjectType({ description: "An organization the user belongs to, with the user's role in it" })
export class OrganizationMembership {
  @Field(() => ID, { description: 'The organization id' })
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => Role)
  role: Role;

  @Field(() => OrganizationStatus)
  status: OrganizationStatus;

  @Field(() => GraphQLJSONObject, {
    description: 'Per-organization settings, e.g. onboardingComplete and the ideation flag',
  })
  settings: Record<string, unknown>;
}

@ObjectType()
export class Me {
  @Field(() => User)
  user: User;

  @Field(() => OrganizationMembership, {
    nullable: true,
    description: 'The organization the current access token is for',
  })
  organization: OrganizationMembership | null;

  @Field(() => [OrganizationMembership], { description: 'Active organizations of the user' })
  organizations: OrganizationMembership[];

  @Field(() => User, {
    nullable: true,
    description: 'The super admin behind this session when it is an impersonation',
  })
  impersonatedBy: User | null;
}
