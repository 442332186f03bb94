/** /database/triggers?schema=&search= */
export { schemaSearchSchema as triggersSearchSchema } from '../search'
