import { describe, expect, it } from 'vitest';
import { issuerAlerts, issuerBaseline, type IssuerStatusView, type StockStatusView } from '../../core/stocks/issuer-alerts.js';
import { pausedLine } from '../../core/stocks/issuer-words.js';
import { differenceLabel, shortenAddresses, textSegments, tradingText, whatsText } from '../../core/stocks/stock-status-words.js';

const WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const ROTATED = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

/** A stock as read: open and as reviewed, unless told otherwise. */
function stock(key: string, over: Partial<StockStatusView> = {}): StockStatusView {
  return { key, symbol: key.toUpperCase(), status: 'unchanged', open: true, closed: null, paused: null, changes: [], notices: [], ...over };
}

/** The same stock paused by these changes, as the server words it. */
function changed(key: string, changes: StockStatusView['changes']): StockStatusView {
  return stock(key, { status: 'changed', open: false, closed: { reason: 'issuer-changed' }, paused: pausedLine(key.toUpperCase(), changes), changes });
}

const answer = (...data: StockStatusView[]): IssuerStatusView => ({ readable: true, data });
const UNREADABLE: IssuerStatusView = { readable: false, data: [] };
const mintAuthority = { what: 'mint authority', pinned: WALLET, now: ROTATED };
const freezeAuthority = { what: 'freeze authority', pinned: WALLET, now: 'none' };

/** The rule for the desk's issuer alerts (core/stocks/issuer-alerts.ts), on made-up answers. */
describe('issuer alerts', () => {
  const followed = new Set(['spyx', 'aaplx']);

  it('raises nothing at the first load, whatever the stocks already were', () => {
    expect(issuerAlerts(null, answer(changed('spyx', [mintAuthority]), stock('aaplx', { open: false, closed: { reason: 'review' } })), followed)).toEqual([]);
    expect(issuerAlerts(null, UNREADABLE, followed)).toEqual([]);
  });

  it('says in words that the issuer paused the token, and tells once when a followed stock resumes', () => {
    const issuerPause = { what: 'paused', pinned: 'no', now: 'yes' };
    const paused = changed('spyx', [issuerPause]);
    expect(paused.paused).toBe('SPYX is paused: its issuer has paused the token itself. New buys and new pairs wait until it is reviewed again. Nothing moves, not even a sale, until the issuer resumes it.');
    expect(pausedLine('SPYX', [mintAuthority, issuerPause])).toBe(
      'SPYX is paused: its mint authority differs from the review, and its issuer has paused the token itself. New buys and new pairs wait until it is reviewed again. Nothing moves, not even a sale, until the issuer resumes it.',
    );
    expect(paused.paused).not.toMatch(/its paused/);
    expect(issuerAlerts(answer(paused), answer(stock('spyx')), followed)).toEqual([
      { id: 'stock:spyx', stock: 'spyx', severity: 'info', title: 'SPYX resumed', line: "SPYX's issuer controls are as reviewed again: new money can go into SPYX pairs again." },
    ]);
    // Resumed but held for review: said as it is; and a stock nobody follows raises nothing; the next read, nothing again.
    expect(issuerAlerts(answer(paused), answer(stock('spyx', { open: false, closed: { reason: 'review' } })), followed)[0]!.line).toBe("SPYX's issuer controls are as reviewed again: it is held for review, and selling works.");
    expect(issuerAlerts(answer(changed('nvdax', [issuerPause])), answer(stock('nvdax')), followed)).toEqual([]);
    expect(issuerAlerts(answer(stock('spyx')), answer(stock('spyx')), followed)).toEqual([]);
  });

  it('raises one alert when a followed stock pauses because its issuer controls changed, naming them with the paused line', () => {
    const now = changed('spyx', [mintAuthority]);
    expect(issuerAlerts(answer(stock('spyx'), stock('aaplx')), answer(now, stock('aaplx')), followed)).toEqual([
      { id: 'stock:spyx', stock: 'spyx', severity: 'critical', title: 'SPYX paused: mint authority changed', line: now.paused },
    ]);
    expect(now.paused).toBe('SPYX is paused: its mint authority differs from the review. New buys and new pairs wait until it is reviewed again. Selling works.');
  });

  it('names several changes, and shortens the addresses a `what` carries', () => {
    const multisig = { what: `multisig ${WALLET} threshold`, pinned: '2 of 3', now: '1 of 3' };
    const [alert] = issuerAlerts(answer(stock('aaplx')), answer(changed('aaplx', [mintAuthority, freezeAuthority, multisig])), followed);
    expect(alert!.title).toBe('AAPLX paused: mint authority, freeze authority and multisig 7xKX…gAsU threshold changed');
    expect(alert!.line).toContain('3 of its issuer controls differ from the review');
  });

  it('a stock held for review whose controls then change is told too (its status became changed)', () => {
    const held = stock('spyx', { open: false, closed: { reason: 'review' } });
    expect(issuerAlerts(answer(held), answer(changed('spyx', [mintAuthority])), followed).map((a) => a.title)).toEqual(['SPYX paused: mint authority changed']);
  });

  it('raises again when more controls change, naming only the new ones; nothing while they stay the same', () => {
    const before = answer(changed('spyx', [mintAuthority]));
    expect(issuerAlerts(before, before, followed)).toEqual([]);
    const grown = answer(changed('spyx', [mintAuthority, freezeAuthority]));
    expect(issuerAlerts(before, grown, followed)).toEqual([
      { id: 'stock:spyx', stock: 'spyx', severity: 'critical', title: 'SPYX: freeze authority changed too', line: grown.data![0]!.paused },
    ]);
    // The same role moved again, to yet another key: a change not seen before.
    const again = answer(changed('spyx', [{ ...mintAuthority, now: WALLET.replace('7', '8') }]));
    expect(issuerAlerts(before, again, followed).map((a) => a.title)).toEqual(['SPYX: mint authority changed too']);
  });

  it('says nothing of stocks nobody follows, of notices, or of holds the service sets, and only a notice when one reopens', () => {
    const notice = { what: 'scaled UI multiplier step', pinned: '1', now: '1.01 from 2026-11-26 14:00 UTC' };
    expect(issuerAlerts(answer(stock('nvdax'), stock('spyx')), answer(changed('nvdax', [mintAuthority]), stock('spyx', { notices: [notice] })), followed)).toEqual([]);
    expect(issuerAlerts(answer(stock('spyx')), answer(stock('spyx', { open: false, closed: { reason: 'stock-switch-off' } })), followed)).toEqual([]);
    // A stock that reopens (its controls reviewed again) is no alarm: one notice that it resumed.
    expect(issuerAlerts(answer(changed('spyx', [mintAuthority])), answer(stock('spyx')), followed).map((a) => [a.severity, a.title])).toEqual([['info', 'SPYX resumed']]);
  });

  it('raises one alert when the status becomes unreadable and one "readable again" in its place when it recovers', () => {
    const readable = answer(stock('spyx'));
    const [lost] = issuerAlerts(readable, UNREADABLE, followed);
    expect(lost).toMatchObject({ id: 'issuer-status', stock: null, severity: 'warning', title: 'Issuer status cannot be read' });
    expect(lost!.line).toContain('every stock is treated as paused');
    expect(issuerAlerts(issuerBaseline(readable, UNREADABLE), UNREADABLE, followed)).toEqual([]);
    const [back] = issuerAlerts(issuerBaseline(readable, UNREADABLE), readable, followed);
    expect(back).toMatchObject({ id: 'issuer-status', stock: null, severity: 'info', title: 'Issuer status can be read again' });
  });

  it('across an outage compares with the last readable records: a change made meanwhile is told once, an old one not again', () => {
    const first = answer(stock('spyx'), changed('aaplx', [mintAuthority]));
    let baseline = issuerBaseline(null, first);
    expect(issuerAlerts(baseline, UNREADABLE, followed).map((a) => a.id)).toEqual(['issuer-status']);
    baseline = issuerBaseline(baseline, UNREADABLE);
    expect(baseline).toEqual({ readable: false, data: first.data });
    const after = answer(changed('spyx', [mintAuthority]), changed('aaplx', [mintAuthority]));
    expect(issuerAlerts(baseline, after, followed).map((a) => [a.id, a.title])).toEqual([
      ['issuer-status', 'Issuer status can be read again'],
      ['stock:spyx', 'SPYX paused: mint authority changed'],
    ]);
    // A desk that opened while the status could not be read has no earlier record of any stock: nothing per stock.
    expect(issuerAlerts(issuerBaseline(null, UNREADABLE), after, followed).map((a) => a.id)).toEqual(['issuer-status']);
  });
});

/** The words of the Stocks page (core/stocks/stock-status-words.ts). */
describe('stock status words', () => {
  it('says why a stock takes no new money', () => {
    expect(tradingText(null)).toBe('open');
    expect(tradingText({ reason: 'stocks-off' })).toBe('not open yet');
    expect(tradingText({ reason: 'stock-switch-off' })).toBe('not open yet');
    expect(tradingText({ reason: 'issuer-changed' })).toBe('paused: issuer controls changed');
    expect(tradingText({ reason: 'review' })).toBe('held for review');
  });

  it('shortens addresses for reading and keeps each one whole beside it', () => {
    expect(textSegments(`multisig ${WALLET} members`)).toEqual([
      { text: 'multisig ', address: null },
      { text: '7xKX…gAsU', address: WALLET },
      { text: ' members', address: null },
    ]);
    expect(textSegments(`${WALLET}, ${ROTATED}`).filter((s) => s.address !== null).map((s) => s.address)).toEqual([WALLET, ROTATED]);
    expect(textSegments('1.01 from 2026-11-26 14:00 UTC')).toEqual([{ text: '1.01 from 2026-11-26 14:00 UTC', address: null }]);
    expect(shortenAddresses(`program ${ROTATED} redeploy`)).toBe('program 9WzD…AWWM redeploy');
  });

  it('words what changed as a heading and in a list', () => {
    expect(differenceLabel('mint authority')).toBe('Mint authority');
    expect(differenceLabel('scaled UI multiplier step')).toBe('Normal share multiplier step scheduled');
    expect(differenceLabel('paused')).toBe("The issuer's own pause");
    expect(whatsText(['paused'])).toBe("the issuer's own pause");
    expect(whatsText(['a', 'b'])).toBe('a and b');
  });
});
