/**
 * The layers (README, "How the code is laid out"): screens → commands → model → data → shared; the
 * server apart. `npm test` fails when an import points the wrong way.
 */
/** The web app above the model: screens, shell, UI kit, palette, keys and the glue beside them. */
const UI = '^src/web/(?!model/|data/)'

module.exports = {
  forbidden: [
    {
      name: 'commands-import-no-ui',
      comment: 'Commands run headless: they use the model, the data client and shared code, never a screen or the UI kit.',
      severity: 'error',
      from: { path: '^commands/' },
      to: { path: UI },
    },
    {
      name: 'model-imports-no-ui-nor-commands',
      comment: 'The model is headless and runs no command: no screen, no UI kit, no command module.',
      severity: 'error',
      from: { path: '^src/web/model/' },
      to: { path: `${UI}|^commands/|\\.tsx$` },
    },
    {
      name: 'data-imports-only-shared',
      comment: 'The data client knows the HTTP contract only.',
      severity: 'error',
      from: { path: '^src/web/data/' },
      to: { path: '^src/web/(?!data/)|^commands/|^keymaps/' },
    },
    {
      name: 'shared-imports-only-shared',
      comment: 'src/shared is what server and web share: it imports neither.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|web)/|^commands/|^keymaps/' },
    },
    {
      name: 'server-imports-no-web',
      comment: 'The server shares only src/shared with the web app.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/|^commands/|^keymaps/' },
    },
    {
      name: 'no-circular-model',
      comment: 'Model modules do not import each other in a circle (a circle of types alone is harmless).',
      severity: 'error',
      from: { path: '^src/web/model/' },
      to: { circular: true, path: '^src/web/model/', viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.css$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js'] },
  },
}
