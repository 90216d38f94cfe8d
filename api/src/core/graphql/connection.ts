import {
  Extensions,
  Field,
  FieldResolver,
  Int,
  ObjectType,
  registerEnumType,
  Resolver,
  Root,
  type ClassType,
} from 'type-graphql';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { GraphQLField } from 'graphql';
import { lazyCount, sql } from '../../db/sql.js';
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
  if (!Number.isInteger(first) || first < 1 || first > max) throw pageSizeRefusal(max, noun);
  return first;
}

const pageSizeRefusal = (max: number, noun: string) =>
  badInput([{ field: 'first', message: `Ask for 1 to ${max} ${noun}` }]);

// The page limit of a paged field, declared beside its `first` argument with @Paged. The query
// cost check (server/query-cost.ts) reads it from the schema and refuses a `first` out of range
// before anything runs, whether it is written in the query or passed as a variable; the service
// checks again with pageSize. Every field with a `first` argument declares one (a schema test).
export interface PageLimit {
  max: number;
  noun: string;
}
const PAGE_LIMIT = 'pageLimit';

export const Paged = (max: number, noun: string) =>
  Extensions({ [PAGE_LIMIT]: { max, noun } satisfies PageLimit });

export function pageLimitOf(field: GraphQLField<unknown, unknown>): PageLimit | undefined {
  return field.extensions?.[PAGE_LIMIT] as PageLimit | undefined;
}

// The refusal of a `first` outside its field's limit, or null when it is within.
export function pageSizeProblem(first: unknown, limit: PageLimit) {
  const ok = typeof first === 'number' && Number.isInteger(first) && first >= 1;
  return ok && first <= limit.max ? null : pageSizeRefusal(limit.max, limit.noun);
}

// The order a dated list is read in. Each list has its default (entries newest first, lines
// oldest first); the keyset cursor follows the order the page was asked in.
export enum ListOrder {
  NEWEST_FIRST = 'NEWEST_FIRST',
  OLDEST_FIRST = 'OLDEST_FIRST',
}
registerEnumType(ListOrder, { name: 'ListOrder', description: 'The order of a dated list' });

export const orderDirection = (order: ListOrder): 'ASC' | 'DESC' =>
  order === ListOrder.OLDEST_FIRST ? 'ASC' : 'DESC';

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

// A keyset-paginated list page: rows strictly after the cursor's position in `orderBy` order,
// `first` of them, and a count of every match taken before the cursor is applied. Each list
// supplies its SQL and its cursor codec; the paging is written once here.
export interface KeysetQuery<Row, Node> {
  // `SELECT … FROM <table> <alias> [JOINs]` without WHERE, ORDER BY or LIMIT.
  select: string;
  // The table and alias the count reads, e.g. `units u`.
  from: string;
  where: readonly string[];
  params: readonly unknown[];
  // The unique ordering key, e.g. ['lower(u.number)', 'u.id'], and its direction.
  orderBy: readonly string[];
  direction: 'ASC' | 'DESC';
  // Placeholders of the decoded cursor position, one per key, e.g. ['?', '?::uuid'].
  positionTypes: readonly string[];
  cursor: { encode(node: Node): string; decode(cursor: string): unknown[] | null };
  // The message for a cursor this list did not make.
  badCursor?: string;
  first: number;
  max: number;
  noun: string;
  after?: string | null;
  toNodes: (rows: Row[]) => Node[] | Promise<Node[]>;
}

// Lists newest first by (date, number) — journal entries, invoices, payments: the keyset query
// with `key` giving a node's date and number for the cursor.
export type NewestFirstQuery<Row, Node> = Omit<
  KeysetQuery<Row, Node>,
  'direction' | 'positionTypes' | 'cursor'
> & { key: (node: Node) => [date: string, number: number] };

export function newestFirstPage<Row, Node>(
  em: EntityManager,
  q: NewestFirstQuery<Row, Node>,
): Promise<ConnectionResult<Node>> {
  return dateNumberPage(em, { ...q, direction: 'DESC' });
}

// The same lists in either order (`direction` ASC reads them oldest first).
export function dateNumberPage<Row, Node>(
  em: EntityManager,
  { key, ...q }: NewestFirstQuery<Row, Node> & { direction: 'ASC' | 'DESC' },
): Promise<ConnectionResult<Node>> {
  return keysetPage(em, {
    ...q,
    positionTypes: ['?::date', '?'],
    cursor: {
      encode: (node) => dateNumberCursor.encode(...key(node)),
      decode: (c) => dateNumberCursor.decode(c),
    },
  });
}

export async function keysetPage<Row, Node>(
  em: EntityManager,
  q: KeysetQuery<Row, Node>,
): Promise<ConnectionResult<Node>> {
  const limit = pageSize(q.first, q.max, q.noun);
  const count = lazyCount(em, q.from, q.where, q.params);
  const where = [...q.where];
  const params = [...q.params];
  if (q.after) {
    const position = q.cursor.decode(q.after);
    if (!position || position.length !== q.orderBy.length) {
      throw badInput([{ field: 'after', message: q.badCursor ?? 'Bad cursor' }]);
    }
    const cmp = q.direction === 'ASC' ? '>' : '<';
    where.push(`(${q.orderBy.join(', ')}) ${cmp} (${q.positionTypes.join(', ')})`);
    params.push(...position);
  }
  const rows = await sql(em).all<Row>(
    `${q.select} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${q.orderBy.map((k) => `${k} ${q.direction}`).join(', ')} LIMIT ${limit + 1}`,
    params,
  );
  const page = await q.toNodes(rows.slice(0, limit));
  return {
    edges: page.map((node) => ({ node, cursor: q.cursor.encode(node) })),
    pageInfo: {
      hasNextPage: rows.length > limit,
      endCursor: page.length ? q.cursor.encode(page[page.length - 1]) : null,
    },
    count,
  };
}
