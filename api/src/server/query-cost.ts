import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  getArgumentValues,
  getNamedType,
  getVariableValues,
  isCompositeType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { AppError } from '../core/errors/app-error.js';
import { pageLimitOf, pageSizeProblem } from '../core/graphql/connection.js';

// The cost of a query: how many values its answer may hold. Every selected field counts 1 (an
// object counts 1 and then its own fields), once per row asked for: a field's `first` or `last`
// is how many rows its list fields hold (a connection's `edges`; the connection's `totalCount`
// and `pageInfo` are there once), whether it is written in the query, passed as a variable or
// left to the argument's default. So `journalLines(first: $n)` costs what
// `journalLines(first: 1000)` costs when $n is 1000, and lists inside lists multiply.
//
// A `first` outside its field's page limit (declared with @Paged) is refused here with
// BAD_USER_INPUT naming the argument, before anything runs: one check for every paged field.
//
// It runs once the operation and its variables are known (graphql-armor's cost rule runs during
// validation, before variables exist, so it cannot see them), and refuses with the words
// graphql-armor uses, which format-error.ts turns into the typed QUERY_LIMIT error.

// A page of 1,000 journal lines with every field costs about 14,000; three such pages fit in one
// query, four do not, and neither does a list of 200 rows inside a list of 200.
export const MAX_QUERY_COST = 50_000;

const PAGE_ARGS = ['first', 'last'] as const;

export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  rawVariables: Record<string, unknown> | undefined,
): number {
  const coerced = getVariableValues(
    schema,
    operation.variableDefinitions ?? [],
    rawVariables ?? {},
  );
  // Bad variables are refused by execution with their own message; cost them as if absent.
  const variables = 'coerced' in coerced && coerced.coerced ? coerced.coerced : {};
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  }
  // A fragment costs the same wherever it is spread with the same rows (multipliers outside it
  // apply to the sum), so each is costed once per rows figure: spreading fragments into fragments
  // stays linear to cost.
  const fragmentCost = new Map<string, number>();

  const typeOf = (name: string | undefined, fallback: GraphQLCompositeType) => {
    if (!name) return fallback;
    const t = schema.getType(name);
    return t && isCompositeType(t) ? t : fallback;
  };

  // `rows`: how many rows the parent asked for, counted by its list fields (a connection's
  // `edges`); its other fields (`totalCount`, `pageInfo`) are there once.
  const selectionCost = (
    set: SelectionSetNode,
    parent: GraphQLCompositeType,
    rows: number,
  ): number => {
    let cost = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.INLINE_FRAGMENT) {
        cost += selectionCost(
          sel.selectionSet,
          typeOf(sel.typeCondition?.name.value, parent),
          rows,
        );
      } else if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const key = `${sel.name.value}:${rows}`;
        let known = fragmentCost.get(key);
        if (known === undefined) {
          const fragment = fragments.get(sel.name.value);
          // Cycles are refused by validation before this runs; mark it anyway.
          fragmentCost.set(key, 0);
          known = fragment
            ? selectionCost(
                fragment.selectionSet,
                typeOf(fragment.typeCondition.name.value, parent),
                rows,
              )
            : 0;
          fragmentCost.set(key, known);
        }
        cost += known;
      } else {
        const def =
          isObjectType(parent) || isInterfaceType(parent)
            ? parent.getFields()[sel.name.value]
            : undefined;
        const type = def ? (isNonNullType(def.type) ? def.type.ofType : def.type) : undefined;
        const times = type && isListType(type) ? rows : 1;
        let own = 1;
        if (sel.selectionSet) {
          let asked = 1;
          if (def) {
            let args: Record<string, unknown> = {};
            try {
              args = getArgumentValues(def, sel, variables);
            } catch {
              // An argument execution will refuse: the query never runs, its cost does not matter.
            }
            const limit = pageLimitOf(def);
            for (const name of PAGE_ARGS) {
              const n = args[name];
              if (n === undefined || n === null) continue;
              // Out of the field's range: refused here, naming the argument, never clamped.
              const problem = limit ? pageSizeProblem(n, limit) : null;
              if (problem) throw problem;
              if (typeof n === 'number' && Number.isFinite(n)) asked = Math.max(asked, n);
            }
          }
          const named = def ? getNamedType(def.type) : undefined;
          const child = named && isCompositeType(named) ? named : parent;
          own =
            type && isListType(type)
              ? // A list asked for with `first` is that many rows of its fields.
                asked * (1 + selectionCost(sel.selectionSet, child, 1))
              : // A connection: its list fields carry the rows.
                1 + selectionCost(sel.selectionSet, child, asked);
        }
        cost += times * own;
      }
    }
    return cost;
  };

  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  if (!root) return 0;
  return selectionCost(operation.selectionSet, root, 1);
}

// Apollo keeps each query it has parsed (its document store), so the same query text brings the
// same operation node: its cost is remembered per operation and variables, a few variants each,
// while the schema (one per server) stays the same.
const REMEMBERED_VARIANTS = 16;
const REMEMBERED_VARIABLES_CHARS = 1024;

export function queryCostLimit<C extends object>(maxCost: number): ApolloServerPlugin<C> {
  const known = new WeakMap<OperationDefinitionNode, Map<string, number>>();
  const costOf = (
    schema: GraphQLSchema,
    document: DocumentNode,
    operation: OperationDefinitionNode,
    variables: Record<string, unknown> | undefined,
  ) => {
    const key = variables ? JSON.stringify(variables) : '';
    const costs = known.get(operation);
    const remembered = costs?.get(key);
    if (remembered !== undefined) return remembered;
    const found = queryCost(schema, document, operation, variables);
    if (key.length <= REMEMBERED_VARIABLES_CHARS) {
      if (!costs) known.set(operation, new Map([[key, found]]));
      else {
        if (costs.size >= REMEMBERED_VARIANTS) costs.clear();
        costs.set(key, found);
      }
    }
    return found;
  };
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          let found: number;
          try {
            found = costOf(schema, document, operation, request.variables);
          } catch (err) {
            // A page size out of range: the caller's bad input, answered 400 as nothing ran.
            if (err instanceof AppError) Object.assign(err.extensions, { http: { status: 400 } });
            throw err;
          }
          if (found > maxCost) {
            throw new GraphQLError(
              `Query Cost limit of ${maxCost} exceeded, found ${Math.min(found, Number.MAX_SAFE_INTEGER)}.`,
              { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } },
            );
          }
        },
      };
    },
  };
}
