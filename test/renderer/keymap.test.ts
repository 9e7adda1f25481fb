import { describe, expect, it } from 'vitest';
import { CHORD_MS, KEYMAP, keyLabel, mintOfText, NO_CHORD, resolveKey, type ChordState, type KeyContext, type KeyTarget } from '../../renderer/state/keymap.js';

const press = (key: string, extra: Partial<{ ctrl: boolean; meta: boolean; alt: boolean; repeat: boolean; composing: boolean }> = {}) => ({ key, ctrl: false, meta: false, alt: false, repeat: false, composing: false, ...extra });
const at = (target: KeyTarget = 'page', now = 10_000, dialogOpen = false): KeyContext => ({ target, now, dialogOpen });
const act = (key: string, context = at(), chord: ChordState = NO_CHORD) => resolveKey(press(key), context, chord).action;

/** The desk's keys (renderer/state/keymap.ts): one keymap, resolved without a DOM. */
describe('the keymap', () => {
  it('gives every key sequence one meaning, and a chord never shadows a single key', () => {
    const sequences = KEYMAP.map((b) => (b.keys === 'paste' ? 'paste' : b.keys.join(' ')));
    expect(new Set(sequences).size).toBe(sequences.length);
    const firsts = new Set(KEYMAP.flatMap((b) => (b.keys !== 'paste' && b.keys.length > 1 ? [b.keys[0]] : [])));
    expect(KEYMAP.filter((b) => b.keys !== 'paste' && b.keys.length === 1 && firsts.has(b.keys[0]!))).toEqual([]);
  });

  it('resolves each binding of the keymap to its own action, on the page', () => {
    for (const binding of KEYMAP) {
      if (binding.keys === 'paste') continue;
      let chord: ChordState = NO_CHORD;
      let result = null;
      for (const key of binding.keys) {
        const r = resolveKey(press(key), at(), chord);
        chord = r.chord;
        result = r.action;
      }
      expect(result, binding.keys.join(' ')).toEqual(binding.action);
    }
  });

  it('takes capital letters as their letter (Shift is how `?` is typed, never a modifier here)', () => {
    expect(act('B')).toEqual({ kind: 'side', side: 'buy' });
    expect(act('S')).toEqual({ kind: 'side', side: 'sell' });
    expect(resolveKey(press('Shift'), at(), { first: 'g', at: 9_900 }).chord).toEqual({ first: 'g', at: 9_900 });
    expect(act('?')).toEqual({ kind: 'help' });
  });

  it('does nothing with Ctrl, Meta or Alt, while composing, on a repeat, or while a modal dialog owns the keyboard', () => {
    for (const modifier of ['ctrl', 'meta', 'alt', 'composing', 'repeat'] as const) {
      expect(resolveKey(press('b', { [modifier]: true }), at(), NO_CHORD).action, modifier).toBeNull();
      expect(resolveKey(press('Escape', { [modifier]: true }), at(), NO_CHORD).action, modifier).toBeNull();
    }
    expect(act('b', at('page', 0, true))).toBeNull();
    expect(act('Escape', at('page', 0, true))).toBeNull(); // the dialog closes itself on Esc
    expect(act('?', at('page', 0, true))).toBeNull();
  });

  it('types in text fields: only Esc acts there, and Enter builds only from the ticket’s amount field', () => {
    for (const key of ['b', 's', '1', '4', 'a', '/', '?', 'g', 'Enter']) expect(act(key, at('typing')), key).toBeNull();
    expect(resolveKey(press('g'), at('typing'), NO_CHORD).chord).toEqual(NO_CHORD);
    expect(act('Escape', at('typing'))).toEqual({ kind: 'cancel' });
    for (const key of ['b', 's', '1', 'a', 'g']) expect(act(key, at('amount')), key).toBeNull();
    expect(act('Enter', at('amount'))).toEqual({ kind: 'build' });
    expect(act('Escape', at('amount'))).toEqual({ kind: 'cancel' });
  });

  it('leaves Enter to a focused button or link, but its letters still act', () => {
    expect(act('Enter', at('control'))).toBeNull();
    expect(act('Enter', at('page'))).toEqual({ kind: 'build' });
    expect(act('b', at('control'))).toEqual({ kind: 'side', side: 'buy' });
  });

  it('waits for a chord’s second key for CHORD_MS, and a key that completes no chord does nothing', () => {
    const g = resolveKey(press('g'), at('page', 1_000), NO_CHORD);
    expect(g).toEqual({ action: null, taken: true, chord: { first: 'g', at: 1_000 } });
    expect(resolveKey(press('p'), at('page', 1_000 + CHORD_MS), g.chord).action).toEqual({ kind: 'go', path: '/portfolio' });
    // `g s` is Stats, never the sell side.
    expect(resolveKey(press('s'), at('page', 1_200), g.chord).action).toEqual({ kind: 'go', path: '/stats' });
    const unknown = resolveKey(press('z'), at('page', 1_200), g.chord);
    expect(unknown).toEqual({ action: null, taken: false, chord: NO_CHORD });
    // Too late: the letter is itself again.
    expect(resolveKey(press('s'), at('page', 1_001 + CHORD_MS), g.chord).action).toEqual({ kind: 'side', side: 'sell' });
    // A chord never survives a modifier or a field.
    expect(resolveKey(press('d', { ctrl: true }), at('page', 1_100), g.chord).chord).toEqual(NO_CHORD);
  });

  it('writes keys as a keyboard shows them', () => {
    expect(['Escape', 'Enter', 'a', '/', '?'].map(keyLabel)).toEqual(['Esc', 'Enter', 'A', '/', '?']);
  });
});

describe('a pasted mint', () => {
  it('is base58 text of exactly 32 bytes, spaces around it aside', () => {
    expect(mintOfText('3XdVUDb8YE2ZBDGvdeQP2TnzbpzcXXeQG3UTQK4nuS65')).toBe('3XdVUDb8YE2ZBDGvdeQP2TnzbpzcXXeQG3UTQK4nuS65');
    expect(mintOfText('  So11111111111111111111111111111111111111112\n')).toBe('So11111111111111111111111111111111111111112');
    expect(mintOfText('11111111111111111111111111111111')).toBe('11111111111111111111111111111111');
  });

  it('is not: another alphabet (0, O, I, l), another length, a signature, or words', () => {
    expect(mintOfText('0XdVUDb8YE2ZBDGvdeQP2TnzbpzcXXeQG3UTQK4nuS65')).toBeNull();
    expect(mintOfText('lXdVUDb8YE2ZBDGvdeQP2TnzbpzcXXeQG3UTQK4nuS65')).toBeNull();
    expect(mintOfText('3XdVUDb8YE2ZBDGvdeQP2TnzbpzcXX')).toBeNull();
    expect(mintOfText('5'.repeat(87))).toBeNull();
    expect(mintOfText('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz')).toBeNull(); // 44 digits but more than 32 bytes
    expect(mintOfText('buy 3XdVUDb8YE2ZBDGvdeQP2TnzbpzcXXeQG3UTQK4nuS65')).toBeNull();
    expect(mintOfText('')).toBeNull();
  });
});
