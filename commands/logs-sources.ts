/** logs-sources commands (issue 16): being built. */
export {}
