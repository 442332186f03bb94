/**
 * How tests sign in to the studios they start: every studio of the suite is started with this automation
 * token (STUDIO_TOKEN) and dashboard password (STUDIO_PASSWORD), and clients send the token as a bearer.
 */
export const TEST_TOKEN = 'test-automation-token-0123456789abcdef'
export const TEST_PASSWORD = 'correct horse battery staple'

/** The header that authenticates a test's dashboard calls (not bound by the Origin rule, as for any script). */
export const AUTH: Record<string, string> = { authorization: `Bearer ${TEST_TOKEN}` }

/** The options every test studio starts with. */
export const TEST_AUTH_OPTIONS = { token: TEST_TOKEN, password: TEST_PASSWORD } as const
