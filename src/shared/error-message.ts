/** What an error says, whatever was thrown: its message, or the value as text. */
export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e))
