import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env';

// Every GraphQL document of the web app is written with this `graphql` function, in a *.graphql.ts
// file: its result and variable types are inferred from schema.graphql through the generated
// graphql-env.d.ts (`npm run codegen -w web`), and `npm run lint` validates it against the schema
// (`gql.tada check`, see web/scripts/graphql-check.mjs).
export const graphql = initGraphQLTada<{
  introspection: introspection;
  // Fragments spread into a document's result type, like plain `gql` spreads (no readFragment).
  disableMasking: true;
  scalars: {
    /** A decimal string with up to two decimals ("1234.56", "-0.05"). */
    Money: string;
    /** "YYYY-MM-DD". */
    LocalDate: string;
    /** ISO 8601 timestamp. */
    DateTimeISO: string;
    JSONObject: Record<string, unknown>;
    // Files travel in the multipart body: the variable itself is sent as null (see multipart.ts).
    Upload: File | null;
  };
}>();

export type { FragmentOf, ResultOf, VariablesOf } from 'gql.tada';

/** A schema enum, scalar or input object type by name, e.g. `SchemaType<'Role'>`. */
export type SchemaType<Name extends string> = ReturnType<typeof graphql.scalar<Name>>;
