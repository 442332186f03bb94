import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useSnapshot } from 'valtio'
import { run } from '../../../../../commands/all'
import type { Column, GridTable } from '../../../../shared/api'
import { useApi } from '../../../commands-context'
import { tableQuery } from '../../../model/project/queries'
import { Alert, Button } from '../../../ui'
import { ColumnFields } from './ColumnFields'
import { ColumnFormValues, NEW_COLUMN, columnArgsOf, columnFormOf } from '../../../model/table-editor/structure/column-form'
import { SidePanel } from './SidePanel'
import { closeColumnPanel, structureState } from '../../../model/table-editor/structure/structure-state'

/** Insert column / edit column: the side panel the column commands open. */
export function ColumnPanel({ projectRef }: { projectRef: string }) {
  const { columnPanel } = useSnapshot(structureState)
  const table = useQuery({ ...tableQuery(useApi(), projectRef, columnPanel?.tableId ?? 0), enabled: columnPanel !== null })
  if (!columnPanel || !table.data) return null
  const column = columnPanel.column === null ? null : (table.data.columns.find((c) => c.name === columnPanel.column) ?? null)
  return <ColumnEditor key={`${columnPanel.tableId}/${columnPanel.column}`} projectRef={projectRef} table={table.data} column={column} />
}

function ColumnEditor({ projectRef, table, column }: { projectRef: string; table: GridTable; column: Column | null }) {
  const formId = useId()
  const form = useForm({
    resolver: zodResolver(ColumnFormValues),
    defaultValues: column ? columnFormOf(table, column) : NEW_COLUMN,
  })
  const [failure, setFailure] = useState<string | null>(null)

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    try {
      const args = columnArgsOf(values)
      if (column) await run('grid.column.update', { column: column.name, ...args }, 'button')
      else await run('grid.column.add', args, 'button')
      closeColumnPanel()
    } catch (e) {
      setFailure((e as Error).message)
    }
  })

  return (
    <SidePanel
      open
      onOpenChange={(open) => !open && closeColumnPanel()}
      title={column ? `Edit column ${column.name}` : `Add a new column to ${table.name}`}
      footer={
        <>
          <Button onClick={closeColumnPanel}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} loading={form.formState.isSubmitting}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} className="st-form" onSubmit={submit} noValidate>
        {failure && (
          <Alert className="st-form__failure" type="destructive" title={column ? 'The column was not saved' : 'The column was not added'}>
            {failure}
          </Alert>
        )}
        <ColumnFields form={form} projectRef={projectRef} tableSchema={table.schema} />
      </form>
    </SidePanel>
  )
}
