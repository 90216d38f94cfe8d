// Baseline: a bare Apollo Server 5 hello-world on Express 5, same stack versions as the API.
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';

const server = new ApolloServer({
  typeDefs: 'type Query { hello: String! }',
  resolvers: { Query: { hello: () => 'world' } },
});
await server.start();
const app = express();
app.use('/graphql', express.json(), expressMiddleware(server));
const http = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${http.address().port}` }) + '\n');
});
