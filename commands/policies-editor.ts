/**
 * Inside the policy editor (spec 4): choose how to start, use a template, review, save, go back, close
 * (with the discard check). Its buttons and keys run these, so a test steps through the editor headless.
 * The bodies are in policies-editor.run.ts, loaded on first use.
 */
import { defineCommand, lazyRun } from './registry'
import { ChooseStartArgs, UseTemplateArgs, canWritePolicies } from './policy-editor-args'
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
