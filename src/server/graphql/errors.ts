/** An error a GraphQL request answers with, as pg_graphql words it: `{ data: null, errors: [{ message }] }`. */
export class GraphqlError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'GraphqlError'
  }
}
