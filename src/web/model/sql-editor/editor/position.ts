/**
 * PostgreSQL reports an error's position as a 1-based count of characters (code points) in the text that
 * ran; the editor counts UTF-16 units from 0, and people read line:column.
 */

/** The UTF-16 offset of the 1-based code point `position` in `text` (clamped to the text). */
export function offsetOfPosition(text: string, position: number): number {
  let offset = 0
  for (let n = 1; n < position && offset < text.length; n++) {
    offset += (text.codePointAt(offset) ?? 0) > 0xffff ? 2 : 1
  }
  return Math.min(offset, text.length)
}

/** 1-based line and column of a UTF-16 offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset)
  const lineStart = before.lastIndexOf('\n') + 1
  return { line: before.split('\n').length, column: [...before.slice(lineStart)].length + 1 }
}
