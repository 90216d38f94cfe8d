import { Field, InputType } from 'type-graphql';

@InputType({ description: "The signed-in user's own details" })
export class UpdateProfileInput {
  @Field(() => String, {
    nullable: true,
    description: 'Full name, trimmed; empty or null clears it. At most 120 characters',
  })
  name?: string | null;
}
