/**
 * The upload pickers: a hidden file input (with webkitdirectory for folders, so relative paths come
 * along) added to the page, clicked, and removed once the person picks or cancels.
 */
export interface PickedFile {
  /** the path relative to the picked folder ('photos/a.jpg'), or just the file's name */
  name: string
  data: Blob
}

function filesOf(list: FileList | readonly File[]): PickedFile[] {
  return Array.from(list, (f) => ({ name: f.webkitRelativePath || f.name, data: f }))
}

export function openPicker(kind: 'files' | 'folder', onPick: (files: PickedFile[]) => void): void {
  const input = document.createElement('input')
  input.type = 'file'
  input.multiple = true
  input.hidden = true
  if (kind === 'folder') input.webkitdirectory = true
  const done = () => input.remove()
  input.addEventListener('change', () => {
    const files = input.files ? filesOf(input.files) : []
    done()
    if (files.length) onPick(files)
  })
  input.addEventListener('cancel', done)
  document.body.append(input)
  input.click()
}
