import type { DeskApi } from '../api/desk-api.js';
import { mintOfText, NO_CHORD, resolveKey, type ChordState, type HotkeyAction, type KeyTarget } from './keymap.js';
import { coinPath, type Router } from './router.svelte.js';

/** What the coin page's trade ticket does for the keys, while it is on screen. */
export interface TicketKeys {
  side(side: 'buy' | 'sell'): void;
  preset(index: number): void;
  build(): void;
  approve(): void;
  /** Drops the build and its review back to the ticket; false when there was none to drop. */
  cancel(): boolean;
}

/** A status line lasts this long on screen. */
const STATUS_MS = 4_000;

/** The fields whose keys are text: a key pressed there is typed, never a hotkey (but Esc). */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'number', 'password', 'tel', 'url', 'date', 'datetime-local', 'month', 'time', 'week']);

/** Where a key lands, for the keymap's rules. */
function targetOf(element: Element | null): KeyTarget {
  if (!(element instanceof HTMLElement)) return 'page';
  if (element.dataset['hotkeyField'] === 'amount') return 'amount';
  if (element.isContentEditable || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return 'typing';
  if (element instanceof HTMLInputElement) return TEXT_INPUTS.has(element.type) ? 'typing' : 'control';
  return element.closest('button, a[href], summary, [role="button"], [role="link"], [role="row"][tabindex], input') ? 'control' : 'page';
}

const dialogOpen = (): boolean => document.querySelector('dialog:modal, [aria-modal="true"]:not(dialog)') !== null;

/**
 * The desk's keyboard: one keydown and one paste listener on the window (installed by KeyboardLayer),
 * dispatching what the keymap (state/keymap.ts) resolves. The coin page's ticket and the search box
 * register what they do while they are on screen.
 */
export class Hotkeys {
  /** The overlay listing the keys is open. */
  helpOpen = $state(false);
  /** A short line for the person (a pasted address that is not a coin), or null. */
  status = $state<string | null>(null);
  private ticket: TicketKeys | null = null;
  private focusSearch: (() => void) | null = null;
  private chord: ChordState = NO_CHORD;
  private statusTimer: ReturnType<typeof setTimeout> | null = null;
  private router: Router | null = null;
  private api: DeskApi | null = null;

  /** The ticket's keys while it is mounted: the answer takes them away (an `$effect`'s cleanup). */
  registerTicket(keys: TicketKeys): () => void {
    this.ticket = keys;
    return () => {
      if (this.ticket === keys) this.ticket = null;
    };
  }

  registerSearch(focus: () => void): () => void {
    this.focusSearch = focus;
    return () => {
      if (this.focusSearch === focus) this.focusSearch = null;
    };
  }

  /** Listens on the window; the answer stops listening. */
  install(router: Router, api: DeskApi): () => void {
    this.router = router;
    this.api = api;
    const keydown = (event: KeyboardEvent) => this.keydown(event);
    const paste = (event: ClipboardEvent) => this.paste(event);
    addEventListener('keydown', keydown);
    addEventListener('paste', paste);
    return () => {
      removeEventListener('keydown', keydown);
      removeEventListener('paste', paste);
    };
  }

  say(text: string): void {
    this.status = text;
    if (this.statusTimer !== null) clearTimeout(this.statusTimer);
    this.statusTimer = setTimeout(() => (this.status = null), STATUS_MS);
  }

  private keydown(event: KeyboardEvent): void {
    if (event.defaultPrevented) return; // a field took it (the search box's Esc)
    const press = { key: event.key, ctrl: event.ctrlKey, meta: event.metaKey, alt: event.altKey, repeat: event.repeat, composing: event.isComposing };
    const resolution = resolveKey(press, { target: targetOf(document.activeElement), dialogOpen: dialogOpen(), now: Date.now() }, this.chord);
    this.chord = resolution.chord;
    if (resolution.action === null) {
      if (resolution.taken) event.preventDefault();
      return;
    }
    if (this.run(resolution.action)) event.preventDefault();
  }

  /** Does the action; false when it had nothing to act on here (the key keeps its default). */
  private run(action: HotkeyAction): boolean {
    const ticket = this.ticket;
    switch (action.kind) {
      case 'help':
        this.helpOpen = true;
        return true;
      case 'search':
        if (!this.focusSearch) return false;
        this.focusSearch();
        return true;
      case 'go':
        this.router?.navigate(action.path);
        return true;
      case 'cancel':
        if (ticket?.cancel()) return true;
        if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
          document.activeElement.blur();
          return true;
        }
        return false;
      case 'side':
        ticket?.side(action.side);
        return ticket !== null;
      case 'preset':
        ticket?.preset(action.index);
        return ticket !== null;
      case 'build':
        ticket?.build();
        return ticket !== null;
      case 'approve':
        ticket?.approve();
        return ticket !== null;
      case 'open-mint':
        return false;
    }
  }

  /** A mint pasted outside a text field opens its coin, when the index knows it as one; otherwise the line says so. */
  private paste(event: ClipboardEvent): void {
    if (event.defaultPrevented || targetOf(document.activeElement) === 'typing' || targetOf(document.activeElement) === 'amount' || dialogOpen()) return;
    const text = event.clipboardData?.getData('text') ?? '';
    const mint = mintOfText(text);
    if (mint === null) {
      if (text.trim() !== '') this.say('The pasted text is not a mint address: paste a coin\'s mint (32 to 44 letters and digits) to open it.');
      return;
    }
    event.preventDefault();
    void this.openMint(mint);
  }

  private async openMint(mint: string): Promise<void> {
    if (!this.api || !this.router) return;
    try {
      const found = await this.api.searchCoins(mint, 5);
      if (found.data.some((c) => c.mint === mint)) {
        this.status = null;
        this.router.navigate(coinPath(mint));
      } else {
        this.say(`${mint.slice(0, 4)}…${mint.slice(-4)} is not a coin this desk's index knows.`);
      }
    } catch (error) {
      this.say(`The pasted mint could not be looked up: ${error instanceof Error ? error.message : 'the local server did not answer'}.`);
    }
  }
}
