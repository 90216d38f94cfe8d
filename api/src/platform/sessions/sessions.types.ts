import { Field, ObjectType } from 'type-graphql';
import { OrganizationMembership, SignedInUser } from '../users/index.js';

@ObjectType({ description: 'A new access token and what it is for' })
export class SessionPayload extends SignedInUser {
  @Field(() => String, { description: 'JWT, valid 1 hour; send as `Authorization: Bearer …`' })
  accessToken: string;

  @Field(() => OrganizationMembership, {
    nullable: true,
    description: 'The organization the access token is for (null when the user has none)',
  })
  organization: OrganizationMembership | null;
}

@ObjectType()
export class LoginPayload extends SessionPayload {
  @Field(() => Boolean)
  hasSeenIntro: boolean;

  @Field(() => Boolean, {
    description: 'Always false here: signed in (an MfaChallenge answers true instead)',
  })
  mfaRequired: false;
}
