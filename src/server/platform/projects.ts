/** The projects of a self-hosted studio: exactly one, ref 'default'. */
import type { Project } from '../../shared/api'
import { DEFAULT_PROJECT_NAME, DEFAULT_PROJECT_REF } from '../../shared/constants'
import { notFound } from '../errors'

export const DEFAULT_PROJECT: Project = {
  id: 1,
  ref: DEFAULT_PROJECT_REF,
  name: DEFAULT_PROJECT_NAME,
  status: 'ACTIVE_HEALTHY',
  connectionString: null,
  parent_project_ref: null,
}

export const projectNotFound = () => notFound('Project not found')

/** The project with this ref, or 404 'Project not found'. */
export function projectByRef(ref: string): Project {
  if (ref !== DEFAULT_PROJECT.ref) throw projectNotFound()
  return DEFAULT_PROJECT
}
