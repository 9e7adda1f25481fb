import { rmSync } from 'node:fs';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { tempDir } from '../helpers/sandbox.js';

/** Debian's Chromium (installed by .ci/run), driven by playwright-core: no browser download. */
export const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface Browser {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Messages the page logged as errors and errors it threw: a desk test expects none it did not cause. */
  readonly problems: string[];
  close(): Promise<void>;
}

/** A headless Chromium with a fresh profile (its own --user-data-dir), one page at `width`×`height`. */
export async function openBrowser(width = 1280, height = 800): Promise<Browser> {
  const profile = tempDir('launchdesk-chromium-');
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width, height } });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  return {
    context,
    page,
    problems,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
