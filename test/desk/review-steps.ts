import type { Locator } from 'playwright-core';
import type { ApiFixture } from '../api/api-fixture.js';

/** Builds the ticket's trade, acknowledging a large price impact first when the ticket asks for it. */
export async function acknowledgeAndBuild(ticket: Locator, side: 'buy' | 'sell'): Promise<void> {
  const ack = ticket.getByRole('checkbox', { name: /I have seen the price impact/ });
  if (await ack.isVisible()) await ack.check();
  await ticket.getByRole('button', { name: `Build the ${side}` }).click();
}

/** Approves the review and waits until it has landed, the sandbox's clock running meanwhile (the relay confirms what it sends). */
export async function approveAndLand(f: ApiFixture, review: Locator): Promise<void> {
  const ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 10);
  try {
    await review.getByRole('button', { name: 'Approve and sign' }).click();
    await review.getByRole('status').filter({ hasText: 'Signed with your keychain key and landed' }).waitFor({ timeout: 30_000 });
  } finally {
    clearInterval(ticker);
  }
}
