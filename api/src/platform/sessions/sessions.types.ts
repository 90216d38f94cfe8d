import { Field, ObjectType } from 'type-graphql';
import { User } from '../users/user.entity.js';
import { OrganizationMembership } from '../users/users.types.js';

@ObjectType()
export class LoginPayload {
  @Field(() => String, { description: 'JWT, valid 1 hour; send as `Authorization: Bearer …`' })
  accessToken: string;

  @Field(() => Boolean)
  hasSeenIntro: boolean;

  @Field(() => User)
  user: User;

  @Field(() => [OrganizationMembership], { description: 'Active organizations of the user' })
  organizations: OrganizationMembership[];

  @Field(() => OrganizationMembership, {
    nullable: true,
    description: 'The organization the access token is for (null when the user has none)',
  })
  organization: OrganizationMembership | null;
}
