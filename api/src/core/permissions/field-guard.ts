import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import {
  getDirectiveValues,
  getNamedType,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isAbstractType,
  isObjectType,
  Kind,
  visit,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type InlineFragmentNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { allow, deny } from 'graphql-shield';
import { AppError } from '../errors/app-error.js';
import { decidableFromContext, decide, type ShieldRule } from './decide.js';

// Field rules (permissions.ts `fieldRules`) decided before a mutation runs. Shield checks a field
// when it resolves, which for a mutation's payload is after the write: `submitIdea { adminNote }`
// stored the idea and answered FORBIDDEN, and a client that retried stored it twice. So a mutation
// that selects a field its caller may not read is refused whole, before any resolver runs, with
// nothing written. A query still answers such a field null with FORBIDDEN at its path (shield),
// beside the rest of what it asked for: a read changes nothing.
//
// The selection is walked as execution would walk it: fragments and inline fragments, aliases,
// nested payloads, @skip/@include with the request's variables, and a field asked of an interface
// or union checked against every object type that can answer it.

export type FieldRules = Record<string, Record<string, ShieldRule>>;

export interface GuardedField {
  // The response path as the caller wrote it (aliases included), e.g. `submitIdea.adminNote`.
  path: string;
  typeName: string;
  fieldName: string;
  rule: ShieldRule;
}

// The rule of `type.field`: the table's, or deny for a field the table's type does not list
// (shield's fallback); undefined when the type has no field rules at all.
function ruleOf(rules: FieldRules, typeName: string, fieldName: string): ShieldRule | undefined {
  const table = rules[typeName];
  if (!table) return undefined;
  return table[fieldName] ?? deny;
}

// Names of the fields that carry a rule other than allow on some type: a document naming none of
// them needs no walk (the common case, decided once per document).
function guardedNames(schema: GraphQLSchema, rules: FieldRules): Set<string> {
  const names = new Set<string>();
  for (const typeName of Object.keys(rules)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) continue;
    for (const fieldName of Object.keys(type.getFields())) {
      if (ruleOf(rules, typeName, fieldName) !== allow) names.add(fieldName);
    }
  }
  return names;
}

function included(
  node: FieldNode | FragmentSpreadNode | InlineFragmentNode,
  variables: Record<string, unknown>,
) {
  try {
    if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
    return getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
  } catch {
    // A directive whose variable is missing or wrong fails execution anyway; count it as asked.
    return true;
  }
}

// Every selected field of the operation that has a rule other than allow.
export function guardedSelections(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  rules: FieldRules,
): GuardedField[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  }
  const found: GuardedField[] = [];
  const objectTypes = (type: GraphQLNamedType): readonly GraphQLObjectType[] =>
    isObjectType(type) ? [type] : isAbstractType(type) ? schema.getPossibleTypes(type) : [];

  const walk = (set: SelectionSetNode, parent: GraphQLNamedType, path: string, seen: string[]) => {
    for (const node of set.selections) {
      if (!included(node, variables)) continue;
      if (node.kind === Kind.INLINE_FRAGMENT) {
        const type = node.typeCondition ? schema.getType(node.typeCondition.name.value) : parent;
        if (type) walk(node.selectionSet, type, path, seen);
        continue;
      }
      if (node.kind === Kind.FRAGMENT_SPREAD) {
        const name = node.name.value;
        const fragment = fragments.get(name);
        // Validation refuses cycles; the guard against one is kept all the same.
        if (!fragment || seen.includes(name)) continue;
        const type = schema.getType(fragment.typeCondition.name.value);
        if (type) walk(fragment.selectionSet, type, path, [...seen, name]);
        continue;
      }
      const fieldName = node.name.value;
      if (fieldName.startsWith('__')) continue;
      const key = `${path ? `${path}.` : ''}${node.alias?.value ?? fieldName}`;
      let returns: GraphQLNamedType | undefined;
      for (const type of objectTypes(parent)) {
        const field = type.getFields()[fieldName];
        if (!field) continue;
        returns ??= getNamedType(field.type);
        const rule = ruleOf(rules, type.name, fieldName);
        if (rule && rule !== allow) found.push({ path: key, typeName: type.name, fieldName, rule });
      }
      if (node.selectionSet && returns) walk(node.selectionSet, returns, key, seen);
    }
  };
  const root = schema.getRootType(operation.operation);
  if (root) walk(operation.selectionSet, root, '', []);
  return found;
}

// The first guarded field the caller may not read, as the error to answer; null when all pass.
export async function refusedSelection(
  fields: GuardedField[],
  ctx: object,
): Promise<AppError | null> {
  const decided = new Map<ShieldRule, true | AppError>();
  for (const f of fields) {
    let answer = decided.get(f.rule);
    if (!answer) decided.set(f.rule, (answer = await decide(f.rule, ctx)));
    if (answer === true) continue;
    const field = `${f.typeName}.${f.fieldName}`;
    return new AppError(
      answer.code,
      `${answer.message}: this operation asks for ${field} (${f.path}), so it did not run`,
      [{ field: f.path, message: answer.message }],
      answer.extra,
    );
  }
  return null;
}

// The Apollo plugin: after validation, before execution, for mutations.
export function fieldRulesGuard<C extends BaseContext>(rules: FieldRules): ApolloServerPlugin<C> {
  const undecidable = Object.entries(rules).flatMap(([type, fields]) =>
    Object.entries(fields)
      .filter(([, rule]) => !decidableFromContext(rule))
      .map(([field]) => `${type}.${field}`),
  );
  // A field rule that reads the parent or the arguments cannot be decided before the operation.
  if (undecidable.length) {
    throw new Error(`Field rules must depend on the caller only: ${undecidable.join(', ')}`);
  }
  const names = new WeakMap<GraphQLSchema, Set<string>>();
  const mentions = new WeakMap<DocumentNode, boolean>();
  const mentionsGuarded = (schema: GraphQLSchema, document: DocumentNode) => {
    let cached = mentions.get(document);
    if (cached === undefined) {
      let set = names.get(schema);
      if (!set) names.set(schema, (set = guardedNames(schema, rules)));
      const guarded = set;
      cached = false;
      visit(document, {
        Field(node) {
          if (guarded.has(node.name.value)) cached = true;
        },
      });
      mentions.set(document, cached);
    }
    return cached;
  };
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request, contextValue }) {
          if (operation?.operation !== 'mutation') return;
          if (!mentionsGuarded(schema, document)) return;
          const fields = guardedSelections(
            schema,
            document,
            operation,
            request.variables ?? {},
            rules,
          );
          const error = await refusedSelection(fields, contextValue);
          if (error) throw error;
        },
      };
    },
  };
}
