/** /database/types?schema=&search= */
export { schemaSearchSchema as typesSearchSchema } from '../search'
