/**
 * Inside the policy editor (spec 4): choose how to start, use a template, review, try the policy before
 * saving it, save, go back, close (with the discard check). Its buttons and keys run these, so a test steps
 * through the editor headless. The bodies are in policies-editor.run.ts, loaded on first use.
 */
import { z } from 'zod'
import { defineCommand, lazyRun } from './registry'
import { ChooseStartArgs, TRY_KEYWORDS, TryWhoArgs, UseTemplateArgs, canWritePolicies, tryRoleOptions } from './policy-editor-args'
import { policyEditor } from '../src/web/model/auth/policies/policy-editor-state'

const load = () => import('./policies-editor.run')

const AREA = 'auth'
const inView = (...views: (typeof policyEditor.view)[]) => () => policyEditor.open && views.includes(policyEditor.view)

export const chooseStart = defineCommand({
  id: 'policies.editor.start',
  title: 'Start the policy from a template or from scratch',
  area: AREA,
  args: ChooseStartArgs,
  when: inView('selection'),
  run: lazyRun(load, 'chooseStart'),
})

export const useTemplate = defineCommand({
  id: 'policies.editor.template.use',
  title: 'Use policy template',
  area: AREA,
  args: UseTemplateArgs,
  when: inView('templates'),
  run: lazyRun(load, 'useTemplate'),
})

export const reviewPolicy = defineCommand({
  id: 'policies.editor.review',
  title: 'Review policy',
  area: AREA,
  when: inView('editor'),
  run: lazyRun(load, 'reviewPolicy'),
})

/** As whom, and the sample row for the insert, update and delete probes (JSON text, as the review step's field). */
export const TryPolicyArgs = TryWhoArgs.extend({ sample: z.string().optional() })

export const tryPolicy = defineCommand({
  id: 'policies.editor.try',
  title: 'Try the policy',
  area: AREA,
  keywords: TRY_KEYWORDS,
  args: TryPolicyArgs,
  argOptions: { role: tryRoleOptions },
  argLabels: { role: 'Try as role', sub: 'User id (authenticated only; optional)', sample: 'Sample row (JSON)' },
  when: inView('review'),
  enabled: canWritePolicies,
  run: lazyRun(load, 'tryPolicy'),
})

export const savePolicy = defineCommand({
  id: 'policies.editor.save',
  title: 'Save policy',
  area: AREA,
  when: inView('review'),
  enabled: canWritePolicies,
  run: lazyRun(load, 'savePolicy'),
})

export const backInEditor = defineCommand({
  id: 'policies.editor.back',
  title: 'Back',
  area: AREA,
  when: inView('review', 'templates', 'editor'),
  run: lazyRun(load, 'backInEditor'),
})

export const closeEditor = defineCommand({
  id: 'policies.editor.close',
  title: 'Close policy editor',
  area: AREA,
  when: () => policyEditor.open,
  run: lazyRun(load, 'closeEditor'),
})
