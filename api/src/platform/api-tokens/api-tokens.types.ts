import { IsIn, IsInt, Length, Max, Min } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PLATFORM_TEXT_LIMITS } from '@covenant/shared/text-limits';

export enum ApiTokenAccess {
  ROLE = 'role',
  READ_ONLY = 'read-only',
}
registerEnumType(ApiTokenAccess, {
  name: 'ApiTokenAccess',
  description:
    "ROLE: whatever the user's role in the organization allows, as it is at each request. READ_ONLY: reads only (a viewer), whatever the role",
});

export enum ApiTokenState {
  ACTIVE = 'active',
  EXPIRED = 'expired',
  REVOKED = 'revoked',
}
registerEnumType(ApiTokenState, { name: 'ApiTokenState' });

export const API_TOKEN_NAME_MAX = PLATFORM_TEXT_LIMITS.api_tokens.name;
export const API_TOKEN_DEFAULT_DAYS = 90;
const DAYS_MESSAGE = 'Expiry must be 1 to 365 days';

@ObjectType({
  description:
    'A personal API token: a credential of its user for one organization, sent as `Authorization: Bearer cov_pat_…`. The token itself is shown only when created',
})
export class ApiToken {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => ID)
  organizationId: string;

  @Field(() => String)
  organizationName: string;

  @Field(() => ApiTokenAccess)
  access: ApiTokenAccess;

  @Field(() => String, {
    description: 'The first characters of the token (e.g. "cov_pat_AbCd"), to tell tokens apart',
  })
  prefix: string;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date)
  expiresAt: Date;

  @Field(() => Date, { nullable: true, description: 'Recorded at most once a minute' })
  lastUsedAt: Date | null;

  @Field(() => String, { nullable: true, description: 'The IP address of that last use' })
  lastUsedIp: string | null;

  @Field(() => Date, { nullable: true })
  revokedAt: Date | null;

  @Field(() => ApiTokenState)
  state: ApiTokenState;
}

@ObjectType({ description: 'A new API token: `token` is shown this once and never again' })
export class CreatedApiToken {
  @Field(() => String, { description: 'cov_pat_ and 43 characters; keep it like a password' })
  token: string;

  @Field(() => ApiToken)
  apiToken: ApiToken;
}

@InputType({ description: 'A new personal API token' })
export class CreateApiTokenInput {
  @Field(() => String, {
    description: `What it is for, e.g. "Monthly reports script": 1 to ${API_TOKEN_NAME_MAX} characters, unique among your tokens not revoked`,
  })
  @Length(1, API_TOKEN_NAME_MAX, {
    message: `Name must be 1 to ${API_TOKEN_NAME_MAX} characters`,
  })
  name: string;

  @Field(() => ID, { description: 'An organization you are an active member of' })
  organizationId: string;

  @Field(() => ApiTokenAccess, { defaultValue: ApiTokenAccess.ROLE })
  @IsIn(Object.values(ApiTokenAccess))
  access: ApiTokenAccess;

  @Field(() => Int, {
    defaultValue: API_TOKEN_DEFAULT_DAYS,
    description: 'Days until it expires, 1 to 365 (the web app offers 30, 90, 180 and 365)',
  })
  @IsInt({ message: DAYS_MESSAGE })
  @Min(1, { message: DAYS_MESSAGE })
  @Max(365, { message: DAYS_MESSAGE })
  expiresInDays: number;
}
