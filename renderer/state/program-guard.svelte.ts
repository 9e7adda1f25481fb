import { isApiError } from '../api/api-error.js';
import type { GuardJson, WalletApi } from '../api/wallet-api.js';
import type { WalletsState } from './wallets.svelte.js';

/** How often the desk asks whether a program changed (the server also checks before every signature). */
const CHECK_MS = 15_000;

/**
 * The program-version guard as the desk shows it: the programs that changed on the cluster since they were
 * pinned (an upgrade), which block signing until the person accepts the new version.
 */
export class ProgramGuardState {
  changes = $state<GuardJson['changes']>([]);
  accepting = $state(false);
  problem = $state<string | null>(null);
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly api: WalletApi,
    private readonly wallets: WalletsState,
  ) {}

  get blocked(): boolean {
    return this.changes.length > 0;
  }

  start(): void {
    void this.check();
    this.timer ??= setInterval(() => void this.check(), CHECK_MS);
  }

  async check(): Promise<void> {
    if (!this.wallets.hasToken) return;
    try {
      this.changes = (await this.api.programGuard()).changes;
    } catch {
      // the connection indicator says when the server is away
    }
  }

  async accept(): Promise<void> {
    this.accepting = true;
    this.problem = null;
    try {
      this.changes = (await this.api.acceptPrograms()).changes;
    } catch (error) {
      this.problem = isApiError(error) ? error.message : 'the new version could not be accepted; try again';
    } finally {
      this.accepting = false;
    }
  }
}
