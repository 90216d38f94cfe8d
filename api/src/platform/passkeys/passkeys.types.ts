import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType({ description: "One of the caller's passkeys" })
export class Passkey {
  @Field(() => ID)
  id: string;

  @Field(() => String, {
    description: 'A name the user chose ("Chrome on Mac"), 1 to 60 characters',
  })
  name: string;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'Last sign-in with it; null when never used' })
  lastUsedAt: Date | null;

  @Field(() => Boolean, {
    description: 'Synced between devices (a multi-device passkey) and backed up by its provider',
  })
  backedUp: boolean;
}

@ObjectType({
  description:
    'A WebAuthn ceremony to run in the browser: pass `options` to @simplewebauthn/browser (startRegistration / startAuthentication) or to navigator.credentials after decoding, then send its response back with `challengeId` (valid 5 minutes, single use)',
})
export class PasskeyCeremony {
  @Field(() => ID)
  challengeId: string;

  @Field(() => GraphQLJSONObject, {
    description: 'PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON',
  })
  options: Record<string, unknown>;
}
