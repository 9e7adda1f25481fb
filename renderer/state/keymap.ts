import { base58Decode } from '../../core/programs/address-text.js';

/**
 * The desk's keyboard: one keymap, read both by the dispatcher (state/hotkeys.svelte.ts) and by the overlay
 * that lists it (components/KeyboardHelp.svelte), so the overlay can never say a key does what it does not.
 * Everything here is pure (no DOM): the dispatcher describes the key press and where the focus is.
 */

/** What a key asks the desk to do. */
export type HotkeyAction =
  | { readonly kind: 'side'; readonly side: 'buy' | 'sell' }
  | { readonly kind: 'preset'; readonly index: number }
  | { readonly kind: 'build' }
  | { readonly kind: 'approve' }
  | { readonly kind: 'cancel' }
  | { readonly kind: 'search' }
  | { readonly kind: 'go'; readonly path: string }
  | { readonly kind: 'help' }
  | { readonly kind: 'open-mint' };

export interface KeyBinding {
  /** The keys in order (`['g', 'd']` is a chord), as `KeyboardEvent.key` names them (letters lower case), or a paste. */
  readonly keys: readonly string[] | 'paste';
  /** What it does, in the overlay's words. */
  readonly does: string;
  readonly group: 'Trade ticket (coin page)' | 'Go to a page' | 'Anywhere';
  readonly action: HotkeyAction;
}

/** A chord's second key must follow its first within this long. */
export const CHORD_MS = 1_500;

const go = (letter: string, page: string, path: string): KeyBinding => ({ keys: ['g', letter], does: `Go to ${page}`, group: 'Go to a page', action: { kind: 'go', path } });
const preset = (n: number): KeyBinding => ({ keys: [String(n)], does: `Amount preset ${n}: its ${['first', 'second', 'third', 'fourth'][n - 1]} button (a buy amount, or a share of the holding on a sale: your wallet's presets)`, group: 'Trade ticket (coin page)', action: { kind: 'preset', index: n - 1 } });

export const KEYMAP: readonly KeyBinding[] = Object.freeze([
  { keys: ['b'], does: 'Buy side', group: 'Trade ticket (coin page)', action: { kind: 'side', side: 'buy' } },
  { keys: ['s'], does: 'Sell side', group: 'Trade ticket (coin page)', action: { kind: 'side', side: 'sell' } },
  preset(1),
  preset(2),
  preset(3),
  preset(4),
  { keys: ['Enter'], does: 'Build the trade (when the ticket can; also inside the amount field)', group: 'Trade ticket (coin page)', action: { kind: 'build' } },
  { keys: ['a'], does: 'Approve and sign the open review (only when every check holds, as its button)', group: 'Trade ticket (coin page)', action: { kind: 'approve' } },
  { keys: ['Escape'], does: 'Cancel: drop the build and its review back to the ticket, else leave the field you are in (a dialog closes on Esc too)', group: 'Trade ticket (coin page)', action: { kind: 'cancel' } },
  go('d', 'Discover', '/'),
  go('p', 'Portfolio', '/portfolio'),
  go('o', 'Orders', '/orders'),
  go('s', 'Stats', '/stats'),
  go('k', 'Stocks', '/stocks'),
  go('l', 'Plant', '/plant'),
  go('w', 'Wallets', '/wallets'),
  go('r', 'Review', '/review'),
  { keys: ['/'], does: 'Search coins', group: 'Anywhere', action: { kind: 'search' } },
  { keys: 'paste', does: "Paste a mint address (outside a text field) to open its coin", group: 'Anywhere', action: { kind: 'open-mint' } },
  { keys: ['?'], does: 'Show these keys', group: 'Anywhere', action: { kind: 'help' } },
] satisfies KeyBinding[]);

/** How a key is written in the overlay. */
export const keyLabel = (key: string): string => (key === 'Escape' ? 'Esc' : key.length === 1 ? key.toUpperCase() : key);

/** A key press, as the dispatcher reads it off a KeyboardEvent. */
export interface KeyPress {
  readonly key: string;
  readonly ctrl: boolean;
  readonly meta: boolean;
  readonly alt: boolean;
  readonly repeat: boolean;
  /** An input method is composing text (the keys are the text's). */
  readonly composing: boolean;
}

/**
 * Where the key lands: `typing` in a text field, select or contenteditable (keys are text there); `amount`
 * in the ticket's amount field (Enter builds); `control` on a button, link or checkbox (Enter and Space are
 * its own); `page` anywhere else.
 */
export type KeyTarget = 'page' | 'control' | 'typing' | 'amount';

export interface KeyContext {
  readonly target: KeyTarget;
  /** A modal dialog owns the keyboard (it handles Esc itself). */
  readonly dialogOpen: boolean;
  readonly now: number;
}

/** The first key of a chord, waiting for its second. */
export interface ChordState {
  readonly first: string | null;
  readonly at: number;
}

export const NO_CHORD: ChordState = Object.freeze({ first: null, at: 0 });

export interface Resolution {
  /** What to do, or null. */
  readonly action: HotkeyAction | null;
  /** The key was taken (a chord's first key too): its default should not happen. */
  readonly taken: boolean;
  readonly chord: ChordState;
}

const NOTHING = (chord: ChordState): Resolution => ({ action: null, taken: false, chord });

/** Letters are one key whatever Shift says (B and b both pick the buy side). */
const normal = (key: string): string => (key.length === 1 ? key.toLowerCase() : key);

const bindingOf = (keys: readonly string[]): KeyBinding | undefined =>
  KEYMAP.find((b) => b.keys !== 'paste' && b.keys.length === keys.length && b.keys.every((k, i) => k === keys[i]));

const startsChord = (key: string): boolean => KEYMAP.some((b) => b.keys !== 'paste' && b.keys.length > 1 && b.keys[0] === key);

/**
 * What a key press does, from the keymap: nothing with Ctrl, Meta or Alt, while composing, on a repeat, or
 * while a modal dialog is open; in a text field only Esc (and Enter in the ticket's amount field); on a
 * button or link, Enter is the control's own. `g` waits up to CHORD_MS for its page letter; another key
 * after it ends the chord and does nothing.
 */
export function resolveKey(press: KeyPress, context: KeyContext, chord: ChordState): Resolution {
  if (press.ctrl || press.meta || press.alt || press.composing || context.dialogOpen) return NOTHING(NO_CHORD);
  if (press.repeat) return NOTHING(chord);
  const key = normal(press.key);
  if (key === 'Shift') return NOTHING(chord); // on the way to `?`, or to a capital letter
  if (key === 'Escape') return { action: { kind: 'cancel' }, taken: true, chord: NO_CHORD };
  if (context.target === 'typing') return NOTHING(NO_CHORD);
  if (context.target === 'amount') return key === 'Enter' ? { action: { kind: 'build' }, taken: true, chord: NO_CHORD } : NOTHING(NO_CHORD);
  if (chord.first !== null && context.now - chord.at <= CHORD_MS) {
    const binding = bindingOf([chord.first, key]);
    return binding ? { action: binding.action, taken: true, chord: NO_CHORD } : NOTHING(NO_CHORD);
  }
  if (startsChord(key)) return { action: null, taken: true, chord: { first: key, at: context.now } };
  if (key === 'Enter' && context.target === 'control') return NOTHING(NO_CHORD);
  const binding = bindingOf([key]);
  return binding ? { action: binding.action, taken: true, chord: NO_CHORD } : NOTHING(NO_CHORD);
}

/** Text that is a mint address: base58 of exactly 32 bytes (32 to 44 characters), surrounding spaces aside. */
export function mintOfText(text: string): string | null {
  const trimmed = text.trim();
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(trimmed)) return null;
  return base58Decode(trimmed)?.length === 32 ? trimmed : null;
}
