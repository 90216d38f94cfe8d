import type { GraphQLResolveInfo, SelectionSetNode } from 'graphql';

// The fields a query asks of the objects a resolver returns (of each item, for a list), through
// inline fragments and named fragments. A field under @skip or @include counts as asked: the
// answer may read more than it needs, never less. A repository reads only the columns of these,
// so a query for two fields of a long list does not carry (and parse) every column of it.
export function askedFields(info: GraphQLResolveInfo): ReadonlySet<string> {
  const names = new Set<string>();
  const visit = (set: SelectionSetNode | undefined) => {
    for (const sel of set?.selections ?? []) {
      if (sel.kind === 'Field') names.add(sel.name.value);
      else if (sel.kind === 'InlineFragment') visit(sel.selectionSet);
      else visit(info.fragments[sel.name.value]?.selectionSet);
    }
  };
  for (const node of info.fieldNodes) visit(node.selectionSet);
  return names;
}
