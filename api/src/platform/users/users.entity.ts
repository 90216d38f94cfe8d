import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType()
@Entity({ tableName: 'users' })
export class User {
  [OptionalProps]?:
    | 'isSuperadmin'
    | 'isPlatformOwner'
    | 'hasSeenIntro'
    | 'sessionVersion'
    | 'createdAt'
    | 'updatedAt';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => String)
  @Property({ type: 'string' })
  email: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'string', nullable: true })
  name?: string | null;

  @Property({ type: 'string', nullable: true, hidden: true, lazy: true })
  passwordHash?: string | null;

  @Field(() => Boolean)
  @Property({ type: 'boolean' })
  isSuperadmin: boolean = false;

  @Field(() => Boolean)
  @Property({ type: 'boolean' })
  isPlatformOwner: boolean = false;

  @Field(() => Boolean)
  @Property({ type: 'boolean' })
  hasSeenIntro: boolean = false;

  // Carried by every access token; a password reset or change and "sign out everywhere" move it
  // on, which ends every access token issued before (see refresh-tokens.ts, endAccessTokens).
  @Property({ type: 'integer' })
  sessionVersion: number = 0;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
