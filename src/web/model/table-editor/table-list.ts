/** The table editor's table list: its sort choice, kept in local storage (spec 9). */
import { proxy } from 'valtio'
import { LS_KEYS, TABLE_LIST_SORTS, type TableListSort } from '../../../shared/constants'

function storedSort(): TableListSort {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(LS_KEYS.tableListSort)
  return (TABLE_LIST_SORTS as readonly string[]).includes(value ?? '') ? (value as TableListSort) : 'alphabetical'
}

export const tableListState = proxy({ sort: storedSort() })

export function setTableListSort(sort: TableListSort): void {
  tableListState.sort = sort
  if (typeof localStorage !== 'undefined') localStorage.setItem(LS_KEYS.tableListSort, sort)
}
