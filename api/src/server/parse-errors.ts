import type { ApolloServerPlugin, BaseContext, GraphQLRequestListener } from '@apollo/server';
import { GraphQLError } from 'graphql';

// A syntax error is the caller's mistake: HTTP 400 GRAPHQL_PARSE_FAILED, never 500.
// graphql-armor's token limit parses the document in `parsingDidStart`, and anything thrown there
// is an unexpected error to Apollo (500). Wrapped: a plain syntax error is left to Apollo's own
// parse, which answers 400; the token limit's own refusal is passed on unchanged.
export function withClientParseErrors<C extends BaseContext>(
  plugins: ApolloServerPlugin<C>[],
): ApolloServerPlugin<C>[] {
  return plugins.map((plugin) => {
    if (!plugin.requestDidStart) return plugin;
    const start = plugin.requestDidStart.bind(plugin);
    return {
      ...plugin,
      async requestDidStart(ctx) {
        const listener = (await start(ctx)) as GraphQLRequestListener<C> | void;
        if (!listener?.parsingDidStart) return listener;
        const parsing = listener.parsingDidStart.bind(listener);
        return {
          ...listener,
          async parsingDidStart(requestContext) {
            try {
              return await parsing(requestContext);
            } catch (e) {
              const syntax =
                e instanceof GraphQLError &&
                e.message.startsWith('Syntax Error') &&
                !/Token limit/.test(e.message);
              if (syntax) return;
              throw e;
            }
          },
        };
      },
    };
  });
}
