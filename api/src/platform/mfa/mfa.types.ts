import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({
  description:
    'The password was right and the account has two-step sign-in on: send a code with `verifyMfa` and this token (valid 5 minutes, single use)',
})
export class MfaChallenge {
  @Field(() => Boolean, { description: 'Always true: a code is needed to finish signing in' })
  mfaRequired: true;

  @Field(() => String)
  challengeToken: string;

  @Field(() => Date)
  expiresAt: Date;
}

@ObjectType({ description: 'A new authenticator to confirm with `confirmMfaSetup`' })
export class MfaSetup {
  @Field(() => String, { description: 'otpauth:// URI for authenticator apps' })
  otpauthUri: string;

  @Field(() => String, { description: 'The same URI as a QR code image (PNG data URL)' })
  qrCodeDataUrl: string;

  @Field(() => String, { description: 'The secret (base32) for typing into an app by hand' })
  secret: string;
}

@ObjectType({ description: "The caller's two-step sign-in" })
export class MfaStatus {
  @Field(() => Boolean)
  enabled: boolean;

  @Field(() => Date, { nullable: true })
  enabledAt: Date | null;

  @Field(() => Int, { description: 'Recovery codes not used yet' })
  recoveryCodesLeft: number;
}

@ObjectType({ description: 'New recovery codes: shown this once, each works one time' })
export class RecoveryCodes {
  @Field(() => [String])
  codes: string[];
}
