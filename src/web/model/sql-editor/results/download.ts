import { saveBlob } from '../../app/download'

/** Saves text as a file in the browser; headless there is nowhere to save it. */
export function downloadText(filename: string, text: string, type: string): void {
  saveBlob(new Blob([text], { type: `${type};charset=utf-8` }), filename)
}
