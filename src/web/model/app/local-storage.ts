/** localStorage that is absent headless (vitest in node) and may throw in private modes: never fails. */
export function readJson<T>(key: string, parse: (value: unknown) => T | undefined): T | undefined {
  try {
    const raw = globalThis.localStorage?.getItem(key)
    return raw == null ? undefined : parse(JSON.parse(raw))
  } catch {
    return undefined
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value))
  } catch {
    // storage full or disabled: the setting lasts for this session only
  }
}

export function readString(key: string): string | undefined {
  try {
    return globalThis.localStorage?.getItem(key) ?? undefined
  } catch {
    return undefined
  }
}

export function writeString(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value)
  } catch {
    // as above
  }
}

export function removeKey(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key)
  } catch {
    // as above
  }
}
