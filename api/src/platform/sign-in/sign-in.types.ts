import { IsEmail, IsOptional, Length } from 'class-validator';
import { createUnionType, Field, InputType } from 'type-graphql';
import { MfaChallenge } from '../mfa/index.js';
import { LoginPayload } from '../sessions/index.js';

// What `login` answers: a session, or (two-step sign-in on) a challenge for `verifyMfa`.
export const LoginResult = createUnionType({
  name: 'LoginResult',
  description:
    'A session (LoginPayload), or an MfaChallenge when the account has two-step sign-in on; both answer `mfaRequired`',
  types: () => [LoginPayload, MfaChallenge] as const,
  resolveType: (value) => ('challengeToken' in value ? MfaChallenge : LoginPayload),
});

@InputType()
export class RegisterInput {
  @Field(() => String)
  @IsEmail({}, { message: 'Enter a valid email address' })
  email: string;

  @Field(() => String)
  password: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 120, { message: 'Name must be 1 to 120 characters' })
  name?: string | null;

  @Field(() => String, { description: 'Name of the association to create' })
  @Length(1, 200, { message: 'Association name must be 1 to 200 characters' })
  organizationName: string;
}
