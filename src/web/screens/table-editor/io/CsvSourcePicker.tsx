import { useId, useState, type DragEvent } from 'react'
import { ClipboardPaste, FileUp } from 'lucide-react'
import { Button, Textarea, cx } from '../../../ui'

export interface CsvSource {
  file: Blob
  name: string
}

/** Pick a CSV file (browse or drop it here), or paste CSV text. */
export function CsvSourcePicker({ onPick }: { onPick: (source: CsvSource) => void }) {
  const inputId = useId()
  const [over, setOver] = useState(false)
  const [pasting, setPasting] = useState(false)
  const [text, setText] = useState('')

  function onDrop(e: DragEvent) {
    e.preventDefault()
    setOver(false)
    const file = e.dataTransfer.files[0]
    if (file) onPick({ file, name: file.name })
  }

  if (pasting) {
    return (
      <div className="io-paste">
        <Textarea
          autoFocus
          className="io-paste__text"
          rows={8}
          aria-label="CSV text"
          placeholder={'name,email\nAda,ada@example.com'}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="io-paste__actions">
          <Button size="sm" variant="ghost" onClick={() => setPasting(false)}>
            Choose a file instead
          </Button>
          <Button size="sm" variant="primary" disabled={!text.trim()} onClick={() => onPick({ file: new Blob([text], { type: 'text/csv' }), name: 'Pasted text' })}>
            Use this text
          </Button>
        </div>
      </div>
    )
  }

  return (
    <div
      className={cx('io-drop', over && 'io-drop--over')}
      onDragOver={(e) => {
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <FileUp size={22} className="io-drop__icon" aria-hidden />
      <p className="io-drop__title">Drop a CSV file here</p>
      <p className="io-drop__hint">The first row names the columns. The file is streamed to the database, however large.</p>
      <div className="io-drop__actions">
        <label htmlFor={inputId} className="ui-button ui-button--default ui-button--sm">
          Browse files
        </label>
        <input
          id={inputId}
          className="io-drop__input"
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) onPick({ file, name: file.name })
          }}
        />
        <Button size="sm" variant="ghost" icon={<ClipboardPaste size={14} />} onClick={() => setPasting(true)}>
          Paste text
        </Button>
      </div>
    </div>
  )
}
