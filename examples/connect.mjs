// What every example bot starts with: the /v1 server, your own RPC, the addresses you pin, and your key.
//
//   LAUNCHDESK_API      the /v1 server (default http://127.0.0.1:7439, what `npm start` serves)
//   LAUNCHDESK_DATA     the sandbox's data directory: its profile.json gives the pins and the RPC URL
//                       (default: the sandbox `npm start` runs)
//   LAUNCHDESK_RPC      your own JSON-RPC URL, if not the sandbox's
//   LAUNCHDESK_KEY      your wallet: a Solana CLI keypair file (a JSON array of 64 numbers)
//   LAUNCHDESK_API_KEY  optional: an API key raises the rate limits
import { readFileSync } from 'node:fs';
import { createKeyPairSignerFromBytes, Launchdesk, sandboxConnection } from '@launchdesk/client';

export async function connect() {
  const local = sandboxConnection(process.env.LAUNCHDESK_DATA || undefined);
  const rpc = process.env.LAUNCHDESK_RPC ?? local.rpcUrl;
  if (!rpc) throw new Error('no RPC: the sandbox is not running with its JSON-RPC (start it with `npm start`), and LAUNCHDESK_RPC is not set');
  if (!process.env.LAUNCHDESK_KEY) throw new Error('LAUNCHDESK_KEY: the path of your wallet\'s keypair file (a JSON array of 64 numbers)');
  const wallet = await createKeyPairSignerFromBytes(new Uint8Array(JSON.parse(readFileSync(process.env.LAUNCHDESK_KEY, 'utf8'))));
  const desk = new Launchdesk({
    baseUrl: process.env.LAUNCHDESK_API ?? 'http://127.0.0.1:7439',
    ...(process.env.LAUNCHDESK_API_KEY ? { apiKey: process.env.LAUNCHDESK_API_KEY } : {}),
    rpc,
    pins: local.pins,
    // Progress on stderr, the bot's own lines on stdout.
    onProgress: ({ step, detail }) => process.stderr.write(`  ${step}: ${detail}\n`),
  });
  return { desk, wallet };
}

/** ZEC in base units from whole ZEC written as text ("0.5" -> 50000000n): exact, no floats. */
export function zec(text) {
  const [whole, fraction = ''] = text.split('.');
  if (!/^\d+$/.test(whole) || !/^\d{0,8}$/.test(fraction)) throw new Error(`"${text}" is not an amount of ZEC (at most 8 decimals)`);
  return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0'));
}
