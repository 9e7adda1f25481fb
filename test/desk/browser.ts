import { rmSync } from 'node:fs';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { tempDir } from '../helpers/sandbox.js';

/** Debian's Chromium (installed by .ci/run), driven by playwright-core: no browser download. */
export const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * A request the page gave up itself is no failure: an AbortController the desk fired (a quote replaced by
 * the next keystroke) or a navigation that left the requests of the page before it.
 */
const ABORTED = 'net::ERR_ABORTED';

export interface Browser {
  readonly context: BrowserContext;
  readonly page: Page;
  /**
   * What went wrong in the page since the last `assertNoProblems`: errors it logged (with the resource's
   * URL) or threw, requests that failed, and answers of 400 or over (`HTTP 404 GET /v1/...`).
   */
  readonly problems: string[];
  /** Problems the current test causes on purpose (a 404 it asks for, a server it stops): matched and let pass once. */
  expectProblems(...patterns: RegExp[]): void;
  /** Fails when a problem was not expected, naming each; then starts the next test with none kept and none expected. */
  assertNoProblems(): void;
  close(): Promise<void>;
}

/** A headless Chromium with a fresh profile (its own --user-data-dir), one page at `width`×`height`. */
export async function openBrowser(width = 1280, height = 800): Promise<Browser> {
  const profile = tempDir('launchdesk-chromium-');
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width, height } });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: string[] = [];
  const expected: RegExp[] = [];
  const path = (url: string) => {
    try {
      const parsed = new URL(url);
      return `${parsed.pathname}${parsed.search}`;
    } catch {
      return url;
    }
  };
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    problems.push(`console: ${message.text()}${where ? ` (${path(where)})` : ''}`);
  });
  context.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    if (reason !== ABORTED) problems.push(`request failed: ${request.method()} ${path(request.url())} (${reason})`);
  });
  context.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${response.request().method()} ${path(response.url())}`);
  });
  return {
    context,
    page,
    problems,
    expectProblems(...patterns) {
      expected.push(...patterns);
    },
    assertNoProblems() {
      const unexpected = problems.filter((problem) => !expected.some((pattern) => pattern.test(problem)));
      problems.length = 0;
      expected.length = 0;
      if (unexpected.length > 0) throw new Error(`the page had problems no test expected:\n  ${unexpected.join('\n  ')}`);
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
