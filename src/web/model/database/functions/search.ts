/** /database/functions?schema=&search= */
export { schemaSearchSchema as functionsSearchSchema } from '../search'
