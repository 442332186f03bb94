/**
 * Drag and drop upload onto the explorer body (spec 4): files and whole folders (read through
 * DataTransferItem.webkitGetAsEntry, relative paths kept) go to the folder of the column they are dropped
 * on (an element with data-folder-path), else to the current folder. Answers whether files hover it.
 */
import { useEffect, useState, type RefObject } from 'react'
import { runAndReport } from '../../../../commands-run'
import { currentFolder } from '../../../../model/storage/explorer/explorer-state'
import type { PickedFile } from '../../../../model/storage/explorer/actions/pickers'

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject))
}

/** Every file under an entry, named by its path from the dropped item (a folder's name included). */
async function filesOfEntry(entry: FileSystemEntry, prefix: string): Promise<PickedFile[]> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject))
    return [{ name: prefix + entry.name, data: file }]
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader()
  const out: PickedFile[] = []
  // readEntries answers at most 100 entries a call: read until it answers none
  for (let batch = await readEntries(reader); batch.length; batch = await readEntries(reader)) {
    for (const child of batch) out.push(...(await filesOfEntry(child, `${prefix}${entry.name}/`)))
  }
  return out
}

async function droppedFiles(data: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(data.items, (i) => (i.kind === 'file' ? i.webkitGetAsEntry() : null))
  if (entries.some(Boolean)) {
    const lists = await Promise.all(entries.map((e) => (e ? filesOfEntry(e, '') : [])))
    return lists.flat()
  }
  return Array.from(data.files, (f) => ({ name: f.name, data: f }))
}

const hasFiles = (e: DragEvent) => Boolean(e.dataTransfer?.types.includes('Files'))

export function useDropUpload(ref: RefObject<HTMLElement | null>): { dragging: boolean } {
  const [dragging, setDragging] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    let depth = 0
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return
      depth++
      setDragging(true)
    }
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return
      e.preventDefault()
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy'
    }
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setDragging(false)
    }
    const drop = (e: DragEvent) => {
      if (!hasFiles(e) || !e.dataTransfer) return
      e.preventDefault()
      depth = 0
      setDragging(false)
      const column = (e.target as Element | null)?.closest<HTMLElement>('[data-folder-path]')
      const folder = column?.dataset.folderPath ?? currentFolder()
      // the entries must be read now: the DataTransfer is emptied once the event returns
      void droppedFiles(e.dataTransfer).then((files) => {
        if (files.length) runAndReport('storage.objects.upload-files', { files, folder }, 'button')
      })
    }
    el.addEventListener('dragenter', enter)
    el.addEventListener('dragover', over)
    el.addEventListener('dragleave', leave)
    el.addEventListener('drop', drop)
    return () => {
      el.removeEventListener('dragenter', enter)
      el.removeEventListener('dragover', over)
      el.removeEventListener('dragleave', leave)
      el.removeEventListener('drop', drop)
    }
  }, [ref])
  return { dragging }
}
