/** Every user-facing text the spec fixes (sections 5, 6 and 8), word for word. */
export const MSG = {
  // Grid and data
  gridError: 'Failed to retrieve rows from table',
  countError: 'Error fetching records count. Please refresh the page.',
  toggleRlsFailed: (message: string) => `Failed to toggle RLS: ${message}`,
  policyDeleted: 'Successfully deleted policy!',
  exportTooLarge: "Sorry! We're unable to support exporting of CSV for row counts larger than 500,000 at the moment.",
  projectRequired: 'Project is required',
  rolesError: 'Failed to retrieve database roles',
  invalidJson: 'Please enter a valid JSON',
  tableEmpty: 'This table is empty',
  filtersNoResults: 'The filters applied has returned no results from this table',
  removeAllFilters: 'Remove all filters',
  noFiltersDelete: 'no filters for this delete query',
  noFiltersUpdate: 'no filters for this update query',
  noValueToInsert: 'no value to insert',
  exportFailed: (message: string) => `Failed to export table: ${message}`,
  noPrimaryKey: 'Please add a primary key column to your table to update or delete rows',
  truncateImpersonating: 'Table truncation is not supported when impersonating a role',
  rlsNoPolicies: 'RLS is enabled but no policies exist: selects return an empty array.',
  rlsDisabled: 'RLS is disabled: this table is publicly readable and writable.',
  // the grid's URL (spec 5 'Filter and sort in the URL'): a part that cannot be read is ignored, and said so
  urlPartIgnored: (part: string, shape: string) => `Ignored "${part}" in the address: ${shape}`,
  unreadFilterRefused: (action: string) =>
    `A filter in the address could not be read, so nothing was ${action}: fix or remove it first`,
  columnMissing: (column: string, relation: string) => `Column "${column}" does not exist on ${relation}`,

  // Policies (spec 5 database policy review, spec 8)
  policyNameRequired: 'Please provide a name for your policy',
  policyNameTooLong: 'Policy names can be at most 63 characters',
  policyCommandRequired: 'Please select an operation for your policy',
  policyUsingRequired: 'Please provide a USING expression for your policy',
  policyCheckRequired: 'Please provide a WITH CHECK expression for your policy',
  policyUsingOrCheckRequired: 'Please provide either a USING, or WITH CHECK expression, or both for your policy',
  policyUsingNotTaken: (command: string) =>
    `A ${command} policy has no USING expression: USING applies to SELECT, UPDATE, DELETE and ALL policies`,
  policyCheckNotTaken: (command: string) =>
    `A ${command} policy has no WITH CHECK expression: WITH CHECK applies to INSERT, UPDATE and ALL policies`,
  policySaveFailed: (message: string) => `Failed to create, update or delete database policy: ${message}`,
  policyAddFailed: (message: string) => `Error adding policy: ${message}`,
  policyUpdateFailed: (message: string) => `Error updating policy: ${message}`,
  policyCreated: (name: string) => `Successfully created policy "${name}"`,
  policyUpdated: (name: string) => `Successfully updated policy "${name}"`,
  createTable: 'Create a table',
  moreRoles: (n: number) => `+ ${n} more roles`,
  discardPolicyChanges: 'Discard changes?',

  // Policies: the server's refusals
  policyNotFound: (id: number) => `Policy ${id} not found`,
  policyTableNotFound: (table: string) => `Table ${table} not found`,
  policyRoleMissing: (role: string) => `Role "${role}" does not exist`,
  policyRoleReserved: (role: string) => `Role "${role}" is a reserved system role and cannot be given a policy`,

  // Trying a policy before saving it (the review step)
  policyTryRole: 'Try the policy as anon or authenticated',
  policyTryUserId: 'The user id is a UUID',
  policyTryUserIdAnon: 'Only the authenticated role takes a user id',
  policyTrySampleJson: (reason: string) => `The sample row is not a JSON object: ${reason}`,
  policyTryOtherTable: (id: number, table: string) => `Policy ${id} is not on ${table}: a try replaces a policy of the same table`,
  policyTryStorageOnly: 'A storage policy goes on storage.objects',
  policyTryNotStorage: (id: number) => `Policy ${id} is not a storage policy`,
  policyTryNothing: 'Open the review step of a policy to try it',
  policyTryNoBucket: 'Create a bucket first: a storage policy is tried on the objects of a bucket',

  // Roles
  roleProtected: (name: string) => `${name} is a system role and cannot be changed from the dashboard`,
  superuserProtected: (name: string) => `${name} is a superuser and cannot be changed from the dashboard`,
  roleHasDependents: (name: string, objects: readonly string[], more: number) =>
    `role "${name}" cannot be dropped because some objects depend on it: ${
      objects.length ? `${objects.join(', ')}${more > 0 ? ` and ${more} more` : ''}` : `${more} in other databases`
    }. Change their owner or revoke the privileges first (REASSIGN OWNED BY, DROP OWNED BY)`,

  // Table editor writes: the server's refusals
  readOnlyRelation: (name: string, type: string) => `${name} is a ${type} whose rows cannot be changed`,
  tablesOnly: (name: string, type: string) => `${name} is a ${type}: only tables can be changed this way`,
  columnNotUpdatable: (column: string, reason: string) => `Column "${column}" cannot be updated: ${reason}`,
  noRowMatched: 'No row matched this primary key: it may have been deleted or changed meanwhile',
  noRowMatchedAs: (role: string) =>
    `No row was updated: either it no longer exists, or row-level security does not let the role ${role} update it`,
  insertedUnreadable: (table: string, role: string) =>
    `Inserted a row into ${table}; the role ${role} may not read it back, so the grid does not show it`,
  identityIntegerOnly: 'Identity applies only to integer types (int2, int4, int8)',

  // Table editor
  noEntities: 'No entities available',
  schemasFailed: 'Failed to load schemas',
  reloadSchemas: 'Reload schemas',
  protectedSchema: (schema: string) =>
    `The ${schema} schema is managed by the platform and is read-only in the dashboard.`,
  locked: 'Locked',
  noResults: 'No results found',
  paletteSomeOptions: (shown: number, total: number) =>
    `Showing the first ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}: type a name to search them all`,
  noMatch: "Hmm, we couldn't find any results that match your query.",

  // New table form (issue 12): columns in the same form, RLS on by default
  rlsEnableLabel: 'Enable Row Level Security (RLS)',
  rlsNewTableHint:
    'Restrict access to the table with Postgres policies. With RLS on and no policies yet, no rows are readable or writable through the API.',
  newTableNeedsColumn: 'Please add at least one column',
  duplicateColumnName: (name: string) => `Column names must be unique: "${name}" is used twice`,

  // Row side panel (issue 12)
  rowNotSaved: 'The row was not saved',
  rowNoChanges: 'Nothing to save: no value was changed',
  rowDiscardTitle: 'Discard your changes to this row?',
  rowDiscardDescription: 'The values you changed have not been saved.',
  columnNotWritable: (column: string, role: string) => `The role ${role} may not update ${column}`,

  // Reports and snippets
  queryNameRequired: 'Please enter a query name',
  renameQueryFailed: (message: string) => `Failed to rename query: ${message}`,
  deleteQueryFailed: (message: string) => `Failed to delete query: ${message}`,
  deleteQueriesFailed: (message: string) => `Failed to delete queries: ${message}`,
  createQueryFailed: (message: string) => `Failed to create new query: ${message}`,
  shareQueryFailed: (message: string) => `Failed to share query: ${message}`,
  personalCopyFailed: (message: string) => `Failed to create a personal copy of this query: ${message}`,
  generateTitleFailed: (message: string) => `Failed to generate title: ${message}`,
  insertContentFailed: (message: string) => `Failed to insert content: ${message}`,
  snippetNoPermission: 'Your queries will not be saved as you do not have sufficient permissions',
  noProjectQueries: 'No project queries found',
  queryEmpty: 'This query is empty',
  contentsNotFound: 'Contents not found',
  contentOwnerOnly: (action: string) => `Only the owner of this query can ${action} it`,

  // Permissions
  noPermissionTables: 'view tables from this project',
  createTablesPermission: 'You need additional permissions to create tables',
  toggleRlsPermission: 'You need additional permissions to toggle RLS',
  editPoliciesPermission: 'You need additional permissions to edit RLS policies',
  noPermission: (resource: string) =>
    `You need additional permissions to ${resource}. Contact your organization owner or adminstrator for assistance.`,

  // Error page
  somethingWentWrong: 'Something went wrong',
  headBack: 'Head back',
  submitSupport: 'Submit a support request',
  projectConfigFailed: 'Failed to fetch project configuration. Try refreshing your browser, or reach out to us',

  // Storage (spec 5, 6 and 8)
  bucketNameRequired: 'Please provide a name for your bucket',
  bucketNameTrailingSpace: 'The name of the bucket cannot end with a whitespace',
  bucketNameReserved: '"public" is a reserved name. Please choose another name',
  bucketNameRule: 'The name of the bucket must only contain lowercase letters, numbers, dots, and hyphens',
  bucketSizeLimitMin: 'File size upload limit has to be at least 0',
  objectKeyInvalid: (key: string) => `Invalid key: ${key}`,
  storageLimitMax: (n: number, unit: string) => `Maximum limit is up to ${n} ${unit}.`,
  uploadLimitAboveGlobal: 'Upload file size limit must be up to 50GB (bytes)',
  viewSecretKeysPermission: 'You need additional permissions to view secret keys',
  createBucketsPermission: 'You need additional permissions to create buckets',
  uploadFilesPermission: 'You need additional permissions to upload files',
  createFoldersPermission: 'You need additional permissions to create folders',
  deleteFilePermission: 'You need additional permissions to delete this file',
  updateStorageSettingsPermission: 'You need additional permissions to update storage settings',
  createBucketFailed: (message: string) => `Failed to create bucket: ${message}`,
  updateBucketFailed: (message: string) => `Failed to update bucket: ${message}`,
  emptyBucketFailed: (message: string) => `Failed to empty bucket: ${message}`,
  deleteBucketFailed: (message: string) => `Failed to delete bucket: ${message}`,
  bucketNotFound: 'Bucket not found',
  objectNotFound: 'Object not found',
  resourceExists: 'The resource already exists',
  bucketNotEmpty: 'The bucket you tried to delete is not empty',
  objectTooLarge: 'The object exceeded the maximum allowed size',
  mimeTypeNotSupported: (mimetype: string) => `mime type ${mimetype} is not supported`,
  missingAuthorization: "headers must have required property 'authorization'",
  signedUrlMismatch: 'The signed url does not match the requested object',
  storageConfigFailed: "Failed to retrieve project's storage configuration",
  updateStorageSettingsFailed: (message: string) => `Failed to update storage settings: ${message}`,

  // Storage policies (spec 5 storage policy review, spec 8)
  noBuckets: 'No buckets available',
  storagePolicyNameTooLong: 'Storage policy names can be at most 50 characters',
  storagePolicyDefinitionRequired: 'Please provide a definition for your policy',
  storagePolicyOperationRequired: 'Please allow at least one operation in your policy',
  storagePoliciesCreated: (n: number) => `Successfully created ${n} ${n === 1 ? 'policy' : 'policies'}`,

  // Storage explorer (spec 2, 4, 5 folders and files, 8)
  untitledFolder: 'Untitled folder',
  folderPathPlaceholder: 'Parent Folder/Child Folder',
  goToFolder: 'Go to folder',
  folderNameInvalidChars: 'Folder name contains invalid special characters',
  folderNameSlashes: 'Folder name cannot contain forward or back slashes',
  fileNameSlashes: 'File name cannot contain forward or back slashes',
  folderNameExists: (item: string) => `The name ${item} already exists in the current directory. Please use a different name.`,
  folderContentsFailed: (item: string, message: string) => `Failed to retrieve folder contents from ${item}: ${message}`,
  fetchFoldersFailed: (message: string) => `Failed to fetch folders: ${message}`,
  renameFileFailed: (message: string) => `Failed to rename file: ${message}`,
  renamedFolderWithErrors: 'Renamed folder with some errors',
  renaming: (item: string) => `Renaming ${item}...`,
  renamed: (from: string, to: string) => `Successfully renamed ${from} to ${to}`,
  fileCorruptedTooltip: 'File is corrupted, please delete and reupload again.',
  fileCorruptedNotice: 'File is corrupted, please delete and reupload this file again.',
  previewTooLarge: 'File size is too large to preview in the explorer.',
  signedPreviewFailed: 'Failed to fetch signed url preview',
  publicPreviewFailed: 'Failed to fetch public file preview',
  folderEmpty: 'Drop your files here',
  noSearchResults: 'No results found',

  // Storage buckets and settings (spec 5, 8)
  bucketsPreviewBranch: 'Storage is not available on preview branches for now',
  bucketsFetchFailed: 'Failed to fetch buckets. Please refresh to try again',
  bucketNameHint: 'Only lowercase letters, numbers, dots and hyphens',
  bucketCreated: (id: string) => `Successfully created bucket ${id}`,
  bucketUpdated: (id: string) => `Successfully updated bucket ${id}`,
  bucketEmptied: (id: string) => `Successfully emptied bucket ${id}`,
  bucketDeleted: (id: string) => `Successfully deleted bucket ${id}`,
  storageSettingsUpdated: 'Successfully updated storage settings',

  // Storage objects: upload, download, delete, move, URLs (spec 5 signed URL, 8)
  uploadFileFailed: (file: string, message: string) => `Failed to upload ${file}: ${message}`,
  uploadFilesFailedCount: (n: number) => `Failed to upload ${n} ${n === 1 ? 'file' : 'files'}!`,
  uploadFilesFailed: 'Failed to upload files.',
  uploading: (done: number, total: number, percent: number) => `Uploading ${done} of ${total} ${total === 1 ? 'file' : 'files'}... ${percent}%`,
  uploaded: (n: number) => `Successfully uploaded ${n} ${n === 1 ? 'file' : 'files'}`,
  downloadFailed: (item: string) => `Failed to download ${item}`,
  downloadFolderFailed: (item: string) => `Failed to download files from ${item}`,
  downloading: (done: number, total: number) => `Downloading ${done} of ${total} ${total === 1 ? 'file' : 'files'}...`,
  downloaded: (item: string) => `Successfully downloaded ${item}`,
  downloadFilesPermission: 'You need additional permissions to download files',
  deleteConfirmTitle: (n: number) => `Confirm deletion of ${n} ${n === 1 ? 'item' : 'items'}`,
  deleteConfirmDescription: (items: string) => `Are you sure you want to delete ${items}? This action cannot be undone.`,
  deleting: (done: number, total: number) => `Deleting ${done} of ${total} ${total === 1 ? 'file' : 'files'}...`,
  deleted: (n: number) => `Successfully deleted ${n} ${n === 1 ? 'file' : 'files'}`,
  deleteFilesFailed: (message: string) => `Failed to delete files: ${message}`,
  moveFilesPermission: 'You need additional permissions to move files',
  moveFilesFailed: 'Failed to move files',
  moveItemFailed: (path: string) => `Failed to move ${path} to the new folder`,
  moving: (done: number, total: number) => `Moving ${done} of ${total} ${total === 1 ? 'file' : 'files'}...`,
  moved: (n: number, destination: string) => `Successfully moved ${n} ${n === 1 ? 'item' : 'items'} to ${destination || 'the bucket root'}`,
  moveDestinationHint: 'A path within the bucket, e.g. folder/subfolder; leave blank for the bucket root',
  nothingSelected: 'Select a file or folder first',
  urlNeedsFile: 'Select a file to get its URL',
  expiryTooSmall: 'Expiry duration cannot be less than 0',
  urlCopied: (item: string) => `Copied URL for ${item} to clipboard`,

  // Sign-in and the server's guards (not in the spec: the studio's own words)
  signInRequired: 'Sign in to the studio first: open the sign-in link printed where the studio started, or sign in with the dashboard password',
  wrongPassword: 'Wrong password',
  passwordRequired: 'Enter the dashboard password',
  badToken: 'Invalid automation token',
  signInLinkInvalid: 'This sign-in link is not valid (it works once, until the studio restarts). Sign in with the password, or use the newest link printed where the studio runs.',
  tooManySignIns: (minutes: number) => `Too many failed sign-ins. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  signedOut: 'Signed out',
  foreignHost: (host: string) =>
    `This studio does not answer for the host "${host}". Open it as localhost or 127.0.0.1, or add the host to STUDIO_ALLOWED_HOSTS.`,
  crossSiteRefused: 'Refused: this request did not come from the studio itself (its Origin is missing or another site\'s)',
  notFromApp: 'Refused: a change must be sent by the studio app (JSON, or the x-studio-request header)',
  databaseBusy: (seconds: number) =>
    `The database did not take this request within ${seconds} seconds: another query is still running. Try again, or cancel the running query in the SQL editor.`,
  bodyStalled: (seconds: number) => `The upload stalled: no data arrived for ${seconds} seconds, so nothing was kept`,
  jsonTooDeep: (depth: number) => `The JSON body is nested more than ${depth} levels deep`,
  jsonInvalid: (reason: string) => `The body is not valid JSON: ${reason}`,
  jsonProtoKey: 'The JSON body has a "__proto__" key: "__proto__" keys are not allowed',
  jsonConstructorPrototype: 'The JSON body has a "constructor" key holding a "prototype": such keys are not allowed',
  queryCancelled: 'canceling statement due to user request',
  queryAlreadyFinished: 'The query had already finished: there was nothing to cancel',

  // SQL editor results (issue 12; not in the spec: the studio's own words)
  sqlRowsLimited: (limit: number) =>
    `Showing the first ${limit.toLocaleString('en-US')} rows: the query returned more. Download the full result to get every row, or change the row limit.`,
  sqlExplainRolledBack: 'EXPLAIN ANALYZE ran the statement inside a transaction that was rolled back: nothing it changed was kept (sequences still advance).',
  sqlExplainOneStatement: 'EXPLAIN takes one statement: put the cursor in the statement to explain, or select it',
  sqlDownloadReadsOnly: 'Only a query that reads (SELECT, VALUES, TABLE or a WITH that only reads) can be downloaded whole',
  sqlDownloadExpired: 'This download link has expired or was used already: download again from the results',

  // Authentication: users (issue 13; not in the spec: the studio's own words)
  authEmailInvalid: 'Enter a valid email address',
  authPasswordRequired: 'Enter a password',
  authBanDurationInvalid: "The ban duration is a number of hours ('24h'), minutes ('30m') or seconds ('90s'), or 'none' to lift the ban",
  authUserNoSessions: 'This user has no session to end',
  authDeleteUserConfirm: (what: string) => `Type ${what} to confirm`,

  // Authentication: settings pages (issue 13; not in the spec: the studio's own words)
  authConfigFailed: 'Failed to load the authentication settings',
  authSiteUrlInvalid: 'Enter a valid URL, such as https://example.com',
  authRedirectUrlInvalid: 'Enter a valid URL, such as https://example.com/** (wildcards * and ** are allowed)',
  authSmtpPortInvalid: 'Enter a port from 1 to 65535, or leave it empty for 587',
  authSmtpSenderInvalid: 'Enter the sender’s email address, such as noreply@example.com',
  authSmtpSenderRequired: 'Enter the sender’s email address: mail sent through SMTP needs one',
  authRedirectUrlExists: 'This URL is already in the redirect allow list',
  authRedirectUrlMissing: 'This URL is not in the redirect allow list',
  authPhoneUnavailable: 'Phone sign-in needs an SMS provider, and this studio has none configured',
  authProviderCredentials: (provider: string) => `Enter the client ID and secret of ${provider} before enabling it`,
  authHookFunctionRequired: 'Choose the Postgres function the hook calls',
  authHookFunctionMissing: (fn: string) => `There is no function ${fn}(event jsonb) returning jsonb in the database`,
  authNoChanges: 'There are no changes to save',
  authRateLimitInvalid: 'Enter a whole number from 0 to 1,000,000',

  // Authentication: Emails (the outbox) and Column privileges (issue 13; the studio's own words)
  authOutboxBeforeInvalid: 'before is the created_at of a mail: an ISO timestamp such as 2026-01-31T12:00:00.000000Z',
  authMailNotFound: 'This mail is no longer in the outbox',
  authMailNoLink: 'This mail holds no link',
  columnPrivilegesRole: 'Column privileges are set here for the roles anon and authenticated only',
  columnPrivilegesUnknownColumn: (column: string, table: string) => `Column ${column} does not exist on ${table}`,
  columnPrivilegesNoChanges: 'There are no privilege changes to apply',
  columnPrivilegesTableLevel: (role: string, privilege: string) =>
    `${role} has ${privilege} on the whole table, which covers every column: switch it to column-level first`,
  columnPrivilegesFlagOff: 'Column privileges is an ALPHA feature and is turned off',

  // Data API settings (Project settings → API)
  dataApiSettingsUpdated: 'Successfully updated Data API settings',
  dataApiSettingsFailed: 'Failed to load the Data API settings',
  updateDataApiSettingsFailed: (message: string) => `Failed to update Data API settings: ${message}`,
  updateDataApiSettingsPermission: 'You need additional permissions to update Data API settings',
  dataApiSchemasRequired: 'Expose at least one schema',
  dataApiSchemaMissing: (schema: string) => `Schema "${schema}" does not exist in the database`,
  dataApiSchemaSystem: (schema: string) => `Schema "${schema}" is a system schema and cannot be used by the Data API`,
  dataApiMaxRows: (max: number) => `Max rows must be a whole number from 1 to ${max}, or empty for no limit`,
  dataApiPoolUnsupported: 'The connection pool size cannot be changed here',
  // GraphiQL (API docs → GraphiQL)
  graphiqlServiceRoleWarning: 'service_role bypasses RLS: this query can read and change every row',
  graphiqlServiceKeyHidden: 'You need additional permissions to use the service_role key',
  graphiqlNoQuery: 'Type a GraphQL query to run',
  graphiqlRunning: 'A query is running: wait for its answer',
  graphiqlSchemaFailed: (message: string) => `Failed to load the GraphQL schema: ${message}`,

  // API docs (/project/{ref}/api)
  apiDocsFailed: (message: string) => `Failed to load the API docs: ${message}`,
  apiDocsInactive: 'The project is paused: its API docs are not available until it is restored.',
  apiDocsServiceKeyWarning: 'The service_role key bypasses Row Level Security: never use it in a browser or share it. Only servers you control may hold it.',
  apiDocsRealtimeUnavailable: 'Realtime is not available in this studio: subscriptions to changes receive nothing.',
  apiDocsNotFound: (what: string) => `${what} is not in the API of the exposed schema (or this key cannot see it)`,
  apiDocsNoSnippet: (id: string) => `There is no snippet "${id}" on this page`,
  apiDocsCopied: (title: string) => `Copied "${title}" to the clipboard`,

  // Database pages (issue 15), one section per page (add below your own line)
  // database tables
  tablesError: 'Failed to retrieve tables',
  tablesEmpty: (schema: string) => `No tables in schema ${schema}`,
  tableNotFound: (id: number) => `There is no table with id ${id}: it may have been dropped meanwhile`,
  realtimeUnavailable: 'This studio has no realtime service: changes to tables are not broadcast.',
  columnViewOrder: 'View order only: Postgres cannot reorder a table\'s columns. The order you set here is kept in this browser, for this page.',
  rlsDisableWarning: (table: string) =>
    `Without row level security, anyone holding the project's anon key can read and change every row of ${table} through the API.`,
  // database schema visualizer
  schemaGraphError: 'Failed to retrieve the schema',
  schemaGraphEmpty: (schema: string) => `No tables in schema ${schema}`,
  schemaGraphNoMatch: (text: string, schema: string) => `No table matches "${text}" in schema ${schema}`,
  schemaGraphNotShown: 'The diagram is not on screen yet',
  schemaSqlCopied: (schema: string, tables: number) => `Copied the SQL of schema ${schema} (${tables} ${tables === 1 ? 'table' : 'tables'}) to the clipboard`,
  schemaLayoutReset: (schema: string) => `Laid out the tables of schema ${schema} again`,
  schemaExported: (file: string) => `Exported ${file}`,
  // database functions
  functionsError: 'Failed to retrieve database functions',
  functionNameRequired: 'Please provide a name for the function',
  // database triggers
  triggersError: 'Failed to retrieve database triggers',
  triggerNameRequired: 'Please provide a name for the trigger',
  // database indexes
  indexesError: 'Failed to retrieve indexes',
  indexConcurrentlyPglite: 'CONCURRENTLY needs a PostgreSQL server: PGlite runs one session at a time, so nothing could write to the table while the index builds anyway. Create the index without it.',
  indexProtectedSchema: (schema: string) => `The ${schema} schema is managed by the platform: its indexes cannot be changed from the dashboard`,
  indexNotFound: (id: number) => `There is no index with id ${id}: it may have been dropped meanwhile`,
  indexTableNotFound: (id: number) => `There is no table with id ${id}: it may have been dropped meanwhile`,
  indexOrderBtreeOnly: 'Only a btree index keeps its keys in order: ASC and DESC need the btree method',
  indexUniqueBtreeOnly: 'Only a btree index can be unique',
  // database enumerated types
  typesError: 'Failed to retrieve enumerated types',
  typeNotFound: (id: number) => `There is no enumerated type with id ${id}: it may have been dropped meanwhile`,
  typeProtectedSchema: (schema: string) => `The ${schema} schema is managed by the platform: its types cannot be changed from the dashboard`,
  typeValueExists: (value: string) => `The type already has the value "${value}"`,
  typeValueMissing: (value: string) => `The type has no value "${value}"`,
  typeValueDuplicate: (value: string) => `The value "${value}" is listed twice`,
  typeValuesCannotBeRemoved: 'Postgres cannot remove a value from an enumerated type: rename it, or create a new type and move the columns to it.',
  typeCascadeWarning: 'With CASCADE, every column of this type is dropped with it, and its data is lost.',
  // database extensions
  extensionsError: 'Failed to retrieve database extensions',
  extensionNotAvailable: (name: string) => `The extension ${name} is not available on this database`,
  extensionAlreadyEnabled: (name: string, schema: string) => `The extension ${name} is already enabled (in schema ${schema})`,
  extensionNotEnabled: (name: string) => `The extension ${name} is not enabled`,
  extensionSchemaRefused: (schema: string) => `Extensions cannot be put in the ${schema} schema: it belongs to Postgres`,
  extensionPlpgsql: 'plpgsql is the language of the database functions: it cannot be disabled from the dashboard',
  extensionCascadeWarning: 'With CASCADE, every object that depends on the extension (columns of its types, indexes using its operators, functions…) is dropped with it, and its data is lost.',
  // database publications
  publicationsError: 'Failed to retrieve publications',
  publicationNotFound: (id: number) => `There is no publication with id ${id}: it may have been dropped meanwhile`,
  publicationAllTables: (name: string) => `The publication ${name} is FOR ALL TABLES: its tables cannot be chosen`,
  publicationTableNotFound: (table: string) => `There is no table ${table}`,
  publicationsUnsupported: 'This database cannot create publications',
  // database wrappers
  wrappersError: 'Failed to retrieve foreign data wrappers',
  fdwNotAvailable: 'Foreign data wrappers need the postgres_fdw extension, which this database does not have (PGlite does not ship it). Use a PostgreSQL database to connect to other servers.',
  fdwNotInstalled: 'Creating a foreign server needs the postgres_fdw extension: enable it first.',
  foreignServerNotFound: (name: string) => `There is no foreign server ${name}: it may have been dropped meanwhile`,
  foreignSchemaProtected: (schema: string) => `The ${schema} schema is managed by the platform: foreign tables cannot be imported into it`,
  // database migrations and webhooks
  migrationsError: 'Failed to retrieve migrations',
  migrationsEmptyTitle: 'No migrations yet',
  migrationsEmptyLead: 'This page lists the history the Supabase CLI keeps in supabase_migrations.schema_migrations, and that table is not in this database. It gets there when you:',
  migrationsCopied: (version: string) => `Copied the SQL of migration ${version} to the clipboard`,
  migrationNotFound: (version: string) => `There is no migration ${version}: the history may have changed meanwhile`,
  webhooksNeedPgNet: 'Webhooks need the pg_net extension',
  webhooksNoHttpRequest: 'Webhooks call supabase_functions.http_request, which this database does not have',
  webhooksExplanation: 'A database webhook sends a table’s row changes (insert, update, delete) to a URL over HTTP, from a trigger. The requests are made by the pg_net extension, which this database does not have, so webhooks cannot run here.',
  webhookNotFound: (id: number) => `There is no webhook with id ${id}: it may have been deleted meanwhile`,
  webhooksError: 'Failed to retrieve webhooks',

  // Logs (issue 16)
  logsNoAccessTitle: 'No access to logs',
  logsQueryEmpty: 'Write a query to run on the logs.',
  logsQueryOneStatement: 'Run one statement at a time on the logs.',
  logsQueryReadOnly: 'Only SELECT queries run on the logs.',
  logsQuerySetConfig: 'set_config cannot be used in a logs query.',
  logsQueryTimedOut: (seconds: number) => `The logs query ran longer than ${seconds} seconds and was stopped.`,
  logsBadTimestamp: (name: string) => `${name} is not an ISO 8601 timestamp.`,
  logsBadRange: 'iso_timestamp_start must be before iso_timestamp_end.',
  logsExplorerRunning: 'A logs query is running.',
  logsExplorerNoTimeColumn: 'The result has no time column to chart over.',
  logsExplorerNoRecent: 'No queries have been run here yet.',
  logsCustomRangeNeedsBounds: 'A custom range needs a start before its end.',

  // Other
  valueMismatch: 'Value entered does not match.',
  copied: 'Copied',
} as const
