/** Why a command did not run: unknown id, not available here, disabled (with the reason), or bad arguments. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly kind: 'unknown' | 'unavailable' | 'disabled' | 'invalid-args',
  ) {
    super(message)
    this.name = 'CommandError'
  }
}
