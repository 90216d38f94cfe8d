import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType({
  description: 'An identity provider users may sign in with (configured on the server)',
})
export class SsoProvider {
  @Field(() => String, { description: "'google' or 'microsoft'" })
  id: string;

  @Field(() => String, { description: 'What to call it on a button: Google, Microsoft' })
  name: string;
}

@ObjectType({
  description:
    'Where to send the browser (a top-level navigation) to sign in at the provider; the answer also sets a short-lived cookie that binds the round trip to this browser',
})
export class SsoAuthorization {
  @Field(() => String)
  authorizationUrl: string;
}

@ObjectType({ description: "An account at an identity provider linked to the caller's user" })
export class LinkedIdentity {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: "'google' or 'microsoft'" })
  provider: string;

  @Field(() => String)
  providerName: string;

  @Field(() => String, {
    nullable: true,
    description: "The provider account's email as it last said (shown only; never used to sign in)",
  })
  email: string | null;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date, { nullable: true })
  lastUsedAt: Date | null;
}
