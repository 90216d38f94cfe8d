import {
  Field,
  FieldResolver,
  Int,
  ObjectType,
  Resolver,
  Root,
  type ClassType,
} from 'type-graphql';
import { badInput } from '../errors/app-error.js';

@ObjectType()
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage: boolean;

  @Field(() => String, { nullable: true })
  endCursor: string | null;
}

// What a list query returns: one page, and how to count every match. The count is a function so
// that it runs only when a caller selects totalCount.
export interface ConnectionResult<T> {
  edges: { node: T; cursor: string }[];
  pageInfo: PageInfo;
  count: () => Promise<number>;
}

// The totalCount resolvers of every connection type, registered with the schema's resolvers.
export const connectionResolvers: ClassType[] = [];

// A Relay connection type for any node type: `${name}Edge { node cursor }` and
// `${name}Connection { edges pageInfo totalCount }`. Long lists of every module are shaped the
// same way.
export function Connection<T extends object>(Node: ClassType<T>, name: string, noun = 'items') {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field(() => Node)
    node: T;

    @Field(() => String)
    cursor: string;
  }

  @ObjectType(`${name}Connection`)
  class ConnectionType implements ConnectionResult<T> {
    @Field(() => [Edge])
    edges: Edge[];

    @Field(() => PageInfo)
    pageInfo: PageInfo;

    count: () => Promise<number>;
  }

  @Resolver(() => ConnectionType)
  class ConnectionCountResolver {
    @FieldResolver(() => Int, {
      description: `All matching ${noun} across every page (counted only when asked for)`,
    })
    totalCount(@Root() c: ConnectionResult<T>): Promise<number> {
      return c.count();
    }
  }
  connectionResolvers.push(ConnectionCountResolver);
  return ConnectionType;
}

// `first` of a list query: 1 to max, or a typed error naming the field.
export function pageSize(first: number, max: number, noun: string): number {
  if (!Number.isInteger(first) || first < 1 || first > max) {
    throw badInput([{ field: 'first', message: `Ask for 1 to ${max} ${noun}` }]);
  }
  return first;
}

// Keyset cursors of lists ordered by (date, number), newest first: the position of the last row
// seen. `decode` answers null for a cursor this code did not make.
export const dateNumberCursor = {
  encode: (date: string, number: number) => Buffer.from(`${date}|${number}`).toString('base64url'),
  decode(cursor: string): [string, number] | null {
    const [date, n] = Buffer.from(cursor, 'base64url').toString().split('|');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date ?? '') || !/^\d+$/.test(n ?? '')) return null;
    return [date, Number(n)];
  },
};
