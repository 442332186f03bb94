/** The studio itself: what it runs on, its project(s), and the request's user and grants. */
import type { Project, StudioInfo } from '../api'
import type { Profile } from '../content'
import type { Grant } from '../permissions'
import { endpoint, type } from './endpoint'

export const platform = {
  studio: endpoint({ method: 'GET', path: '/platform/studio', response: type<StudioInfo>() }),
  projects: endpoint({ method: 'GET', path: '/platform/projects', response: type<Project[]>() }),
  project: endpoint({ method: 'GET', path: '/platform/projects/:ref', response: type<Project>() }),
  profile: endpoint({ method: 'GET', path: '/platform/profile', response: type<Profile>() }),
  permissions: endpoint({ method: 'GET', path: '/platform/profile/permissions', response: type<Grant[]>() }),
}
