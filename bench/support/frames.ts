/**
 * What the browser benches (scroll.ts, visualizer.ts) measure around a scripted pass: the main thread's busy
 * time from Chromium's own counters, per frame drawn, and the frame deltas' and long tasks' figures.
 */
import type { CDPSession } from '@playwright/test'

/** A scripted pass's record: the time between frames and the long tasks seen meanwhile (ms). */
export interface FramePass {
  deltas: number[]
  longTasks: number[]
}

/** The main thread's busy time so far (s): all tasks, its CPU time, and script, style and layout in them. */
async function busy(cdp: CDPSession) {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }
  const of = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0
  return { task: of('TaskDuration'), cpu: of('ThreadTime'), script: of('ScriptDuration'), style: of('RecalcStyleDuration'), layout: of('LayoutDuration') }
}

/**
 * Runs `pass` in the page and answers its record with the main thread's busy time per frame drawn (ms): in all
 * (wall time), its CPU time (which other work on a shared machine sways less), and script, style and layout.
 * Needs `Performance.enable` sent on `cdp` first.
 */
export async function measured<P extends FramePass>(cdp: CDPSession, pass: () => Promise<P>, digits = 1) {
  const before = await busy(cdp)
  const record = await pass()
  const after = await busy(cdp)
  const perFrame = (key: keyof typeof before) => Number((((after[key] - before[key]) * 1000) / Math.max(1, record.deltas.length)).toFixed(digits))
  return {
    record,
    busy_per_frame_ms: { all: perFrame('task'), cpu: perFrame('cpu'), script: perFrame('script'), style: perFrame('style'), layout: perFrame('layout') },
  }
}

/** The frame deltas' median, p95 and max, and the long tasks' count and longest (ms). */
export function frameStats({ deltas, longTasks }: FramePass) {
  const sorted = [...deltas].sort((a, b) => a - b)
  const pick = (q: number) => Number(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!.toFixed(1))
  return {
    median_ms: pick(0.5),
    p95_ms: pick(0.95),
    max_ms: Number(sorted.at(-1)!.toFixed(1)),
    frames: deltas.length,
    long_tasks: longTasks.length,
    longest_task_ms: longTasks.length ? Math.round(Math.max(...longTasks)) : 0,
  }
}

