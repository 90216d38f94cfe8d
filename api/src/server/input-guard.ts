import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import {
  getNamedType,
  GraphQLID,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  TypeInfo,
  typeFromAST,
  visit,
  visitWithTypeInfo,
  type GraphQLInputType,
  type GraphQLSchema,
  type DocumentNode,
  type OperationDefinitionNode,
  type ValueNode,
} from 'graphql';
import { AppError, type FieldDetail } from '../core/errors/app-error.js';
import { isId } from '../core/ids.js';
import { controlCharacterIn } from '../core/text.js';
import { reasonOf } from './format-error.js';

// The input boundary every request passes before any resolver runs: the text and the shape of
// everything a caller sends, in variables and in literal arguments alike.
//
// - Text is text: no C0 control character except tab, line feed and carriage return (memos may
//   hold several lines), no DEL, and no lone UTF-16 surrogate. A NUL would reach PostgreSQL, which
//   refuses it with a protocol error; the others are invisible in every screen and report, and a
//   lone surrogate would be stored as U+FFFD without a word.
// - An ID is a UUID (every record's id is one): anything else names no record and is refused as
//   NOT_FOUND before a service or PostgreSQL sees it (an empty vendorId reached the database as
//   an invalid uuid). A well-formed id of another association is still each service's NOT_FOUND.
// - Nesting is bounded: no input of ours is deeper than a few levels, and a JSON value nested
//   thousands deep would exhaust the stack of whatever walks it next.
export const MAX_INPUT_DEPTH = 32;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function textProblem(s: string): string | null {
  if (controlCharacterIn(s) !== null)
    return 'Control characters (such as NUL) are not allowed in text';
  if (LONE_SURROGATE.test(s)) return 'Text must be valid Unicode (a lone surrogate was found)';
  return null;
}

const MAX_PROBLEMS = 20;

// Fields are named as the inputs' own rules name them: inside an input object, the path within it
// (`lines.1.memo`, as the web maps onto its rows); a scalar or list argument by its name.
const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
const rootPath = (name: string, inputObject: boolean) => (inputObject ? '' : name);
const NOT_AN_ID = 'No record has this id (an id is a UUID)';

const isIdType = (type: GraphQLInputType | null | undefined) =>
  !!type && getNamedType(type) === GraphQLID;

// The type a value of `type` holds: a list's items, an input object's fields.
const unwrap = (type: GraphQLInputType | undefined) =>
  type && isNonNullType(type) ? (type.ofType as GraphQLInputType) : type;

class Walk {
  readonly problems: FieldDetail[] = [];
  readonly badIds: FieldDetail[] = [];

  add(field: string, message: string) {
    if (this.problems.length < MAX_PROBLEMS) this.problems.push({ field, message });
  }

  id(v: unknown, path: string) {
    if (!isId(v) && this.badIds.length < MAX_PROBLEMS) {
      this.badIds.push({ field: path, message: NOT_AN_ID });
    }
  }

  // A variable's value as parsed from the request body (JSON, or the multipart request's
  // operations, where uploads are objects of their own class: not the caller's text).
  value(v: unknown, path: string, depth: number, declared?: GraphQLInputType): void {
    if (this.problems.length >= MAX_PROBLEMS) return;
    const type = unwrap(declared);
    if (v !== null && v !== undefined && isIdType(type) && !isListType(type)) this.id(v, path);
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) this.add(path, problem);
      return;
    }
    if (v === null || typeof v !== 'object') return;
    if (depth > MAX_INPUT_DEPTH) {
      this.add(path, `Nested too deeply: at most ${MAX_INPUT_DEPTH} levels`);
      return;
    }
    if (Array.isArray(v)) {
      const item = type && isListType(type) ? (type.ofType as GraphQLInputType) : undefined;
      v.forEach((x, i) => this.value(x, join(path, i), depth + 1, item));
      return;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return;
    const fields = type && isInputObjectType(type) ? type.getFields() : undefined;
    for (const [key, item] of Object.entries(v)) {
      const keyProblem = textProblem(key);
      if (keyProblem) this.add(join(path, key), keyProblem);
      this.value(item, join(path, key), depth + 1, fields?.[key]?.type);
    }
  }

  // A literal argument written into the query text, with the type its argument declares.
  literal(node: ValueNode, path: string, depth: number, declared?: GraphQLInputType): void {
    if (this.problems.length >= MAX_PROBLEMS) return;
    if (depth > MAX_INPUT_DEPTH) {
      this.add(path, `Nested too deeply: at most ${MAX_INPUT_DEPTH} levels`);
      return;
    }
    const type = unwrap(declared);
    switch (node.kind) {
      case Kind.STRING: {
        const problem = textProblem(node.value);
        if (problem) this.add(path, problem);
        // A single value stands for a list of one, so an id is an id even where a list is declared.
        if (isIdType(type)) this.id(node.value, path);
        return;
      }
      case Kind.INT:
        if (isIdType(type)) this.id(node.value, path);
        return;
      case Kind.LIST: {
        const item = type && isListType(type) ? (type.ofType as GraphQLInputType) : undefined;
        node.values.forEach((x, i) => this.literal(x, join(path, i), depth + 1, item));
        return;
      }
      case Kind.OBJECT: {
        const fields = type && isInputObjectType(type) ? type.getFields() : undefined;
        for (const field of node.fields) {
          const name = field.name.value;
          this.literal(field.value, join(path, name), depth + 1, fields?.[name]?.type);
        }
        return;
      }
      default:
        return;
    }
  }

  // Literal arguments anywhere in the document (fragments included), each with its declared type.
  document(schema: GraphQLSchema, document: DocumentNode): void {
    const typeInfo = new TypeInfo(schema);
    visit(
      document,
      visitWithTypeInfo(typeInfo, {
        Argument: (node) => {
          const path = rootPath(node.name.value, node.value.kind === Kind.OBJECT);
          this.literal(node.value, path, 1, typeInfo.getArgument()?.type);
          // The value is walked above; nothing under it needs the visitor.
          return false;
        },
      }),
    );
  }
}

// Problems with what a request sends, before it runs; an empty list when all is well.
export function inputProblems(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
): { problems: FieldDetail[]; badIds: FieldDetail[] } {
  const walk = new Walk();
  for (const def of operation.variableDefinitions ?? []) {
    const name = def.variable.name.value;
    if (!variables || !(name in variables)) continue;
    const type = typeFromAST(schema, def.type) as GraphQLInputType | undefined;
    walk.value(variables[name], rootPath(name, !!type && isInputObjectType(unwrap(type))), 1, type);
  }
  const literals = documentProblems(schema, document);
  return {
    problems: [...walk.problems, ...literals.problems].slice(0, MAX_PROBLEMS),
    badIds: [...walk.badIds, ...literals.badIds].slice(0, MAX_PROBLEMS),
  };
}

// The document's literals depend on the document alone, and Apollo hands back the same parsed
// document for the same query text (its document store): each is walked once, not per request.
const walked = new WeakMap<
  GraphQLSchema,
  WeakMap<DocumentNode, Pick<Walk, 'problems' | 'badIds'>>
>();

function documentProblems(schema: GraphQLSchema, document: DocumentNode) {
  let bySchema = walked.get(schema);
  if (!bySchema) walked.set(schema, (bySchema = new WeakMap()));
  let found = bySchema.get(document);
  if (!found) {
    const walk = new Walk();
    walk.document(schema, document);
    found = { problems: walk.problems, badIds: walk.badIds };
    bySchema.set(document, found);
  }
  return found;
}

// Refused as the caller's: HTTP 400 (nothing ran), BAD_USER_INPUT (or NOT_FOUND for ids) with a
// detail per field.
export function inputGuard<C extends BaseContext>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          const found = inputProblems(schema, document, operation, request.variables);
          const { problems, badIds } = found;
          let error: AppError | null = null;
          if (problems.length) error = new AppError('BAD_USER_INPUT', reasonOf(problems), problems);
          else if (badIds.length) error = new AppError('NOT_FOUND', reasonOf(badIds), badIds);
          if (!error) return;
          error.extensions.http = { status: 400 };
          throw error;
        },
      };
    },
  };
}
