import type { RunJob } from './store/run-journal.js';
import { spanText } from '../types/span-text.js';

const time = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

/**
 * `launchdesk runs`: what failed (with why, and when it is tried again), what waits (and when), and what
 * ran (what it did and its last transaction), each group oldest first.
 */
export function runReport(jobs: readonly RunJob[], now: number): string {
  const failed = jobs.filter((j) => j.state === 'failed').sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0));
  const waiting = jobs.filter((j) => j.state === 'waiting').sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0));
  const ran = jobs.filter((j) => j.lastRanAt !== null && j.state !== 'failed').sort((a, b) => (a.lastRanAt ?? 0) - (b.lastRanAt ?? 0));
  const kind = (j: RunJob) => j.kind.padEnd(8);
  const due = (j: RunJob) => (j.dueAt === null ? '' : j.dueAt <= now ? 'due now' : `in ${spanText(j.dueAt - now)}`);
  const lines: string[] = [];
  lines.push(`failed (${failed.length})${failed.length ? ': each is tried again by itself' : ''}`);
  for (const j of failed) lines.push(`  ${kind(j)} ${j.mint}  retry ${due(j)}, ${j.failures} failure${j.failures === 1 ? '' : 's'} in a row`, `           ${j.lastError ?? ''}`);
  lines.push(`waiting (${waiting.length})`);
  for (const j of waiting) lines.push(`  ${kind(j)} ${j.mint}  ${due(j)}`);
  lines.push(`ran (${ran.length})`);
  for (const j of ran) lines.push(`  ${kind(j)} ${j.mint}  ${time(j.lastRanAt!)}  ${j.lastDone ?? ''}${j.lastSignature ? `  ${j.lastSignature}` : ''}`);
  return `${lines.join('\n')}\n`;
}
