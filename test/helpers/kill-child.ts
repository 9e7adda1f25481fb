import { spawn } from 'node:child_process';
import { childJs } from './child-js.js';

/**
 * Starts a kill -9 test's child process (the TypeScript `script` with `args`, run compiled: child-js.ts);
 * with `killAt`, SIGKILLs it the moment it reports that step (a line `step <killAt>`, or `step <killAt> …`:
 * the child waits there). Answers its output, and whether it was killed; any other end than a clean exit
 * or the aimed kill is an error.
 */
export function killableChild(script: string, args: readonly string[], killAt: string | null = null, timeoutMs = 150_000): Promise<{ out: string; killed: boolean }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [childJs(script), ...args, ...(killAt ? [killAt] : [])], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`the child did not reach ${killAt ?? 'its end'} in time:\n${out}\n${err}`));
    }, timeoutMs);
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (killAt && out.split('\n').some((line) => line === `step ${killAt}` || line.startsWith(`step ${killAt} `))) proc.kill('SIGKILL');
    });
    proc.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    proc.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL' && killAt) resolve({ out, killed: true });
      else if (code === 0) resolve({ out, killed: false });
      else reject(new Error(`the child exited ${code ?? signal}:\n${out}\n${err}`));
    });
  });
}
