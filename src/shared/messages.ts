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

  // Table editor writes: the server's refusals
  readOnlyRelation: (name: string, type: string) => `${name} is a ${type} whose rows cannot be changed`,
  tablesOnly: (name: string, type: string) => `${name} is a ${type}: only tables can be changed this way`,
  columnNotUpdatable: (column: string, reason: string) => `Column "${column}" cannot be updated: ${reason}`,
  noRowMatched: 'No row matched this primary key: it may have been deleted or changed meanwhile',
  noRowMatchedAs: (role: string) =>
    `No row was updated: either it no longer exists, or row-level security does not let the role ${role} update it`,
  identityIntegerOnly: 'Identity applies only to integer types (int2, int4, int8)',

  // Table editor
  noEntities: 'No entities available',
  schemasFailed: 'Failed to load schemas',
  reloadSchemas: 'Reload schemas',
  protectedSchema: (schema: string) =>
    `The ${schema} schema is managed by the platform and is read-only in the dashboard.`,
  locked: 'Locked',
  noResults: 'No results found',
  noMatch: "Hmm, we couldn't find any results that match your query.",

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

  // Other
  valueMismatch: 'Value entered does not match.',
  copied: 'Copied',
} as const
