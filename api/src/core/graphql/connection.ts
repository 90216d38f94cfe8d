import { Field, ObjectType, type ClassType } from 'type-graphql';

@ObjectType()
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage: boolean;

  @Field(() => String, { nullable: true })
  endCursor: string | null;
}

// A Relay connection type for any node type: `${name}Edge { node cursor }` and
// `${name}Connection { edges pageInfo }`. Long lists of every module are shaped the same way.
export function Connection<T extends object>(Node: ClassType<T>, name: string) {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field(() => Node)
    node: T;

    @Field(() => String)
    cursor: string;
  }

  @ObjectType(`${name}Connection`)
  class ConnectionType {
    @Field(() => [Edge])
    edges: Edge[];

    @Field(() => PageInfo)
    pageInfo: PageInfo;
  }
  return ConnectionType;
}
