import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createSolanaRpc, type Address } from '@solana/kit';
import { RpcChain } from '../core/chain/rpc-chain.js';
import { SandboxChain } from '../core/chain/sandbox-chain.js';
import { startRpcFacade } from '../core/sandbox/rpc/server.js';
import { Sandbox } from '../core/sandbox/sandbox.js';
import { IssuerStatus } from '../core/stocks/issuer-status.js';
import { issuerKeyAccounts } from '../core/stocks/issuer-compare.js';
import { findPriceRecord } from '../core/programs/vault/price-record.js';
import { intFromEnv, printLatencyTable } from './lib/report.js';

/**
 * The issuer status of all 44 stocks, read fresh (no cache) and compared with the review, beside the raw
 * `getMultipleAccounts` of exactly the same accounts in the same run:
 *
 * - over JSON-RPC: our read through RpcChain to the sandbox's facade on 127.0.0.1, against kit's own RPC
 *   client calling getMultipleAccounts for the same addresses (chunks of 100, in parallel, as we do);
 * - in process: our read on the SandboxChain, against the cluster's raw account reads.
 *
 * The difference is what reading the mints' extensions, the multisigs and programs, hashing the programs'
 * executables (sha256 of each ProgramData) and comparing every role cost.
 */

export const title = 'issuer status of 44 stocks vs raw getMultipleAccounts of the same accounts';

const CLOCK = 'SysvarC1ock11111111111111111111111111111111' as Address;

export async function run(): Promise<void> {
  const rounds = intFromEnv('BENCH_ROUNDS', 5, 50);
  const reads = intFromEnv('BENCH_READS', 40, 1000);
  const sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
  const facade = await startRpcFacade(sandbox, { port: 0 });
  try {
    const review = sandbox.profile.stocks!;
    const vault = sandbox.profile.programs['vault']!;
    const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    // The very accounts our read fetches.
    const addresses = new Set<string>([CLOCK]);
    for (const entry of review.stocks) addresses.add(entry.mint);
    for (const [address, key] of Object.entries(review.keys)) for (const a of issuerKeyAccounts(address, key)) addresses.add(a);
    for (const entry of review.stocks) addresses.add(await findPriceRecord(vault, entry.mint));
    const list = [...addresses] as Address[];

    const rpcChain = new RpcChain(facade.rpcUrl);
    const overRpc = new IssuerStatus(rpcChain, () => review, { sha256, vault, maxAgeMs: 0 });
    const inProcess = new IssuerStatus(new SandboxChain(sandbox.cluster), () => review, { sha256, vault, maxAgeMs: 0 });
    const rpc = createSolanaRpc(facade.rpcUrl);
    const rawRpc = async () => {
      const chunks: Address[][] = [];
      for (let i = 0; i < list.length; i += 100) chunks.push(list.slice(i, i + 100));
      await Promise.all(chunks.map((chunk) => rpc.getMultipleAccounts(chunk, { encoding: 'base64', commitment: 'confirmed' }).send()));
    };
    const rawInProcess = async () => {
      for (const address of list) sandbox.cluster.getAccount(address);
    };
    // Both answer the same: every stock read, none unreadable.
    const check = await overRpc.read();
    if (!check.readable || check.stocks.length !== 44 || check.stocks.some((s) => s.record.status !== 'unchanged')) throw new Error('the issuer status did not read 44 unchanged stocks');

    const time = async (work: () => Promise<unknown>): Promise<number[]> => {
      const out: number[] = [];
      for (let i = 0; i < reads; i++) {
        const start = performance.now();
        await work();
        out.push(performance.now() - start);
      }
      return out;
    };
    const ours = { rpc: [] as number[][], local: [] as number[][] };
    const peer = { rpc: [] as number[][], local: [] as number[][] };
    await time(() => overRpc.read());
    await time(rawRpc);
    for (let round = 0; round < rounds; round++) {
      ours.rpc.push(await time(() => overRpc.read()));
      peer.rpc.push(await time(rawRpc));
      ours.local.push(await time(() => inProcess.read()));
      peer.local.push(await time(rawInProcess));
    }
    console.log(`${list.length} accounts per read (44 mints, ${list.length - 45 - 44} issuer keys and program data, 44 price records, the clock); ${rounds} rounds of ${reads} reads`);
    printLatencyTable(
      [
        { label: 'over JSON-RPC: issuer status vs getMultipleAccounts', ours: ours.rpc, peer: peer.rpc },
        { label: 'in process: issuer status vs the raw account reads', ours: ours.local, peer: peer.local },
      ],
      'raw',
    );
  } finally {
    await facade.close();
    sandbox.close();
  }
}
