/** logs-explorer commands (issue 16): being built. */
export {}
