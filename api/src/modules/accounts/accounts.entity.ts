import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, Enum, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';

export enum AccountType {
  ASSET = 'asset',
  LIABILITY = 'liability',
  EQUITY = 'equity',
  INCOME = 'income',
  EXPENSE = 'expense',
}
registerEnumType(AccountType, { name: 'AccountType' });

export enum FundType {
  OPERATING = 'operating',
  RESERVE = 'reserve',
}
registerEnumType(FundType, { name: 'FundType' });

@ObjectType({ description: 'An account of the chart of accounts' })
@Entity({ tableName: 'accounts' })
export class Account {
  [OptionalProps]?: 'archived' | 'createdAt' | 'updatedAt';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => String, { description: 'Account number, unique within the association' })
  @Property({ type: 'string', unique: true })
  number: string;

  @Field(() => String)
  @Property({ type: 'string' })
  name: string;

  @Field(() => AccountType)
  @Enum({ items: () => AccountType, type: 'string' })
  type: AccountType;

  @Field(() => FundType)
  @Enum({ items: () => FundType, type: 'string' })
  fundType: FundType;

  @Field(() => String, { nullable: true })
  @Property({ type: 'string', nullable: true })
  description?: string | null;

  @Field(() => Boolean)
  @Property({ type: 'boolean' })
  archived: boolean = false;

  @Field(() => Date)
  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
