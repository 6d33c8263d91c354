/** GraphQL lives on the same origin (vite dev proxies it to the server). */
export const GRAPHQL_URI = '/graphql';
