import {
  Connection,
  Keypair,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
  type ParsedAccountData,
  type SignatureResult,
  type TransactionSignature,
} from '@solana/web3.js';
import { getBase58Decoder } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const ATA_PROGRAM = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const SYSTEM = SystemProgram.programId.toBase58();
const FEE = 5000;
const base58 = getBase58Decoder();

/** The associated token account of `owner` for `mint` under `tokenProgram`. */
function ataOf(owner: PublicKey, mint: PublicKey, tokenProgram: PublicKey): PublicKey {
  return PublicKey.findProgramAddressSync([owner.toBuffer(), tokenProgram.toBuffer(), mint.toBuffer()], ATA_PROGRAM)[0];
}

/** The ATA program's CreateIdempotent (instruction 1), built by hand. */
function createAtaIdempotent(payer: PublicKey, ata: PublicKey, owner: PublicKey, mint: PublicKey, tokenProgram: PublicKey): TransactionInstruction {
  return new TransactionInstruction({
    programId: ATA_PROGRAM,
    keys: [
      { pubkey: payer, isSigner: true, isWritable: true },
      { pubkey: ata, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: false, isWritable: false },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: tokenProgram, isSigner: false, isWritable: false },
    ],
    data: Buffer.from([1]),
  });
}

/** A token account's mint, owner and amount, read from its raw bytes (the first 72 bytes of both token programs' layout). */
function tokenAccountFields(data: Buffer): { mint: string; owner: string; amount: bigint } {
  return {
    mint: new PublicKey(data.subarray(0, 32)).toBase58(),
    owner: new PublicKey(data.subarray(32, 64)).toBase58(),
    amount: data.readBigUInt64LE(64),
  };
}

/** The facade as `@solana/web3.js` v1 sees it: every call below goes over real HTTP and WebSocket. */
describe('sandbox RPC facade with @solana/web3.js v1', () => {
  let t: TestSandbox;
  let connection: Connection;
  let alice: Keypair;
  let bob: Keypair;
  let carol: Keypair;
  let nativeMint: PublicKey;
  let zecMint: PublicKey;
  let nativeProgram: PublicKey;
  let zecProgram: PublicKey;

  beforeAll(async () => {
    t = await startTestSandbox({ slotMs: 100 });
    // Only the RPC URL, as most scripts do: web3.js then looks for the WebSocket on the RPC port + 1.
    connection = new Connection(t.facade.rpcUrl, { commitment: 'confirmed' });
    alice = Keypair.generate();
    bob = Keypair.generate();
    carol = Keypair.generate();
    const { zec, native } = t.sandbox.profile.mints;
    nativeMint = new PublicKey(native.address);
    zecMint = new PublicKey(zec.address);
    nativeProgram = new PublicKey(native.tokenProgram);
    zecProgram = new PublicKey(zec.tokenProgram);
  });
  afterAll(async () => t.close());

  /** Resolves with the first `signatureNotification` for `signature`, registered before the transaction is sent. */
  function onSignature(signature: TransactionSignature): Promise<SignatureResult> {
    return new Promise((resolve) => connection.onSignature(signature, (result) => resolve(result), 'confirmed'));
  }

  /**
   * Resolves once every subscription registered so far is in place on the server: web3.js sends pending
   * subscriptions in order on one socket, so a slot notification for a later slotSubscribe proves the
   * earlier ones were answered. Sending only then keeps a notification from racing its subscription.
   */
  async function subscriptionsInPlace(): Promise<void> {
    let id = 0;
    await new Promise<void>((resolve) => {
      id = connection.onSlotChange(() => resolve());
    });
    await connection.removeSlotChangeListener(id);
  }

  /** Confirms through `confirmTransaction`, which subscribes with signatureSubscribe and watches the block height. */
  async function confirm(signature: TransactionSignature, lifetime: { blockhash: string; lastValidBlockHeight: number }) {
    const { value } = await connection.confirmTransaction({ signature, ...lifetime }, 'confirmed');
    return value;
  }

  async function v0Transfer(from: Keypair, to: PublicKey, lamports: number) {
    const lifetime = await connection.getLatestBlockhash('confirmed');
    const message = new TransactionMessage({
      payerKey: from.publicKey,
      recentBlockhash: lifetime.blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports })],
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([from]);
    return { tx, lifetime };
  }

  it('listens for the WebSocket on the RPC port + 1 although it was asked for any free port', () => {
    const rpcPort = Number(new URL(t.facade.rpcUrl).port);
    expect(rpcPort).toBeGreaterThan(0);
    expect(t.facade.wsUrl).toBe(`ws://127.0.0.1:${rpcPort + 1}`);
  });

  it('airdrops SOL and reports the balance', async () => {
    const lifetime = await connection.getLatestBlockhash();
    const signature = await connection.requestAirdrop(alice.publicKey, 5_000_000_000);
    expect(typeof signature).toBe('string');
    expect((await confirm(signature, lifetime)).err).toBeNull();
    expect(await connection.getBalance(alice.publicKey)).toBe(5_000_000_000);
    expect(await connection.getBalance(alice.publicKey, 'processed')).toBe(5_000_000_000);
    expect(await connection.getBalance(bob.publicKey)).toBe(0);
  });

  it('sends a signed legacy Transaction, confirms it through onSignature and reads it back', async () => {
    const lifetime = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: alice.publicKey, ...lifetime }).add(
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1_000_000_000 }),
    );
    tx.sign(alice);
    const signature = base58.decode(tx.signature!);
    const notified = onSignature(signature);
    await subscriptionsInPlace();
    expect(await connection.sendRawTransaction(tx.serialize())).toBe(signature);
    expect((await notified).err).toBeNull();

    const fetched = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(fetched).not.toBeNull();
    expect(fetched!.version).toBe('legacy');
    expect(fetched!.transaction.signatures).toEqual([signature]);
    expect(fetched!.transaction.message.recentBlockhash).toBe(lifetime.blockhash);
    expect(Buffer.from(fetched!.transaction.message.serialize())).toEqual(tx.serializeMessage());
    expect(typeof fetched!.blockTime).toBe('number');
    const meta = fetched!.meta!;
    expect(meta.err).toBeNull();
    expect(meta.fee).toBe(FEE);
    expect(meta.logMessages).toEqual([`Program ${SYSTEM} invoke [1]`, `Program ${SYSTEM} success`]);
    const keys = fetched!.transaction.message.staticAccountKeys.map((k) => k.toBase58());
    const a = keys.indexOf(alice.publicKey.toBase58());
    const b = keys.indexOf(bob.publicKey.toBase58());
    expect(meta.preBalances[a]).toBe(5_000_000_000);
    expect(meta.postBalances[a]).toBe(5_000_000_000 - 1_000_000_000 - FEE);
    expect(meta.preBalances[b]).toBe(0);
    expect(meta.postBalances[b]).toBe(1_000_000_000);
    expect(meta.preTokenBalances).toEqual([]);
    expect(meta.postTokenBalances).toEqual([]);
    expect(meta.computeUnitsConsumed).toBe(150);
    expect(fetched!.slot).toBeGreaterThan(0);

    // A legacy-only client (no maxSupportedTransactionVersion) may read a legacy transaction.
    const legacyOnly = await connection.getTransaction(signature, { commitment: 'confirmed' });
    expect(legacyOnly?.meta?.fee).toBe(FEE);

    const { value: statuses } = await connection.getSignatureStatuses([signature]);
    expect(statuses[0]?.err).toBeNull();
    expect(statuses[0]?.confirmationStatus).toMatch(/confirmed|finalized/);
    expect(statuses[0]?.slot).toBe(fetched!.slot);
  });

  it('sends a signed v0 VersionedTransaction, confirms it with confirmTransaction and reads it back', async () => {
    const { tx, lifetime } = await v0Transfer(alice, carol.publicKey, 250_000_000);
    const before = await connection.getBalance(alice.publicKey);
    const signature = await connection.sendTransaction(tx);
    // Promptly: a WebSocket elsewhere than the RPC port + 1 makes web3.js retry for 30 s, then fail.
    const started = Date.now();
    expect((await confirm(signature, lifetime)).err).toBeNull();
    expect(Date.now() - started).toBeLessThan(5000);

    const fetched = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(fetched!.version).toBe(0);
    expect(fetched!.transaction.message.addressTableLookups).toEqual([]);
    // web3.js rebuilds the MessageV0: it resolves its keys and serializes back to the bytes that were signed.
    expect(fetched!.transaction.message.getAccountKeys().keySegments().flat().map((k) => k.toBase58())).toEqual(
      tx.message.staticAccountKeys.map((k) => k.toBase58()),
    );
    expect(Buffer.from(fetched!.transaction.message.serialize())).toEqual(Buffer.from(tx.message.serialize()));
    const meta = fetched!.meta!;
    expect(meta.err).toBeNull();
    expect(meta.fee).toBe(FEE);
    expect(meta.loadedAddresses).toEqual({ writable: [], readonly: [] });
    expect(meta.logMessages).toContain(`Program ${SYSTEM} success`);
    const keys = fetched!.transaction.message.staticAccountKeys.map((k) => k.toBase58());
    const a = keys.indexOf(alice.publicKey.toBase58());
    const c = keys.indexOf(carol.publicKey.toBase58());
    expect(meta.preBalances[a]).toBe(before);
    expect(meta.preBalances[a]! - meta.postBalances[a]!).toBe(250_000_000 + FEE);
    expect(meta.postBalances[c]! - meta.preBalances[c]!).toBe(250_000_000);
    expect(await connection.getBalance(carol.publicKey)).toBe(250_000_000);

    // Without maxSupportedTransactionVersion a v0 transaction is refused, as a validator does.
    await expect(connection.getTransaction(signature, { commitment: 'confirmed' })).rejects.toThrow(/Transaction version \(0\) is not supported/);
  });

  it('rejects a transfer the payer cannot afford with the preflight logs', async () => {
    const { tx } = await v0Transfer(carol, alice.publicKey, 1_000_000_000);
    const failure = await connection.sendTransaction(tx).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SendTransactionError);
    const logs = await (failure as SendTransactionError).getLogs(connection);
    expect(logs).toContain(`Program ${SYSTEM} failed: custom program error: 0x1`);
  });

  it('creates a Token-2022 associated account by hand, funds it from the faucet and lists token accounts by owner', async () => {
    const nativeAta = ataOf(bob.publicKey, nativeMint, nativeProgram);
    const zecAta = ataOf(bob.publicKey, zecMint, zecProgram);
    expect(nativeProgram.toBase58()).toBe(TOKEN_2022);

    const lifetime = await connection.getLatestBlockhash();
    const create = new Transaction({ feePayer: bob.publicKey, ...lifetime }).add(createAtaIdempotent(bob.publicKey, nativeAta, bob.publicKey, nativeMint, nativeProgram));
    const created = await connection.sendTransaction(create, [bob]);
    expect((await confirm(created, lifetime)).err).toBeNull();
    const ataInfo = await connection.getAccountInfo(nativeAta);
    expect(ataInfo!.owner.toBase58()).toBe(TOKEN_2022);
    expect(tokenAccountFields(ataInfo!.data)).toEqual({ mint: nativeMint.toBase58(), owner: bob.publicKey.toBase58(), amount: 0n });

    const createdTx = await connection.getTransaction(created, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(createdTx!.meta!.logMessages).toContain(`Program ${ATA_PROGRAM.toBase58()} success`);
    expect(createdTx!.meta!.innerInstructions!.length).toBeGreaterThan(0);

    // Fund the new Token-2022 account and a ZEC account from the faucet (sandbox-only method).
    const nativeDrop = await t.rpc('requestTokenAirdrop', [bob.publicKey.toBase58(), 2_500_000, { token: 'native' }]);
    const zecDrop = await t.rpc('requestTokenAirdrop', [bob.publicKey.toBase58(), 150_000_000, { token: 'zec' }]);
    expect(nativeDrop.error).toBeUndefined();
    expect(zecDrop.error).toBeUndefined();
    const dropLifetime = await connection.getLatestBlockhash();
    expect((await confirm(nativeDrop.result, dropLifetime)).err).toBeNull();
    expect((await confirm(zecDrop.result, dropLifetime)).err).toBeNull();

    // The faucet's mint transactions carry token balances in their meta.
    const nativeTx = await connection.getTransaction(nativeDrop.result, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    const nativePre = nativeTx!.meta!.preTokenBalances!.find((x) => x.owner === bob.publicKey.toBase58());
    const nativePost = nativeTx!.meta!.postTokenBalances!.find((x) => x.owner === bob.publicKey.toBase58());
    expect(nativePre).toMatchObject({ mint: nativeMint.toBase58(), programId: TOKEN_2022, uiTokenAmount: { amount: '0', decimals: 6 } });
    expect(nativePost).toMatchObject({ mint: nativeMint.toBase58(), programId: TOKEN_2022, uiTokenAmount: { amount: '2500000', decimals: 6, uiAmountString: '2.5' } });
    expect(BigInt(nativePost!.uiTokenAmount.amount) - BigInt(nativePre!.uiTokenAmount.amount)).toBe(2_500_000n);
    expect(nativePost!.accountIndex).toBe(nativePre!.accountIndex);
    const nativeKeys = nativeTx!.transaction.message.staticAccountKeys;
    expect(nativeKeys[nativePost!.accountIndex]!.equals(nativeAta)).toBe(true);

    const zecTx = await connection.getTransaction(zecDrop.result, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    // The ZEC account did not exist before the faucet created it: no pre balance, as on a validator.
    expect(zecTx!.meta!.preTokenBalances!.find((x) => x.owner === bob.publicKey.toBase58())).toBeUndefined();
    const zecPost = zecTx!.meta!.postTokenBalances!.find((x) => x.owner === bob.publicKey.toBase58());
    expect(zecPost).toMatchObject({ mint: zecMint.toBase58(), programId: zecProgram.toBase58(), uiTokenAmount: { amount: '150000000', decimals: 8, uiAmountString: '1.5' } });

    const { value: zecBalance } = await connection.getTokenAccountBalance(zecAta);
    expect(zecBalance).toMatchObject({ amount: '150000000', decimals: 8, uiAmountString: '1.5' });

    // Raw (base64) accounts by owner, per program and per mint.
    const { value: token2022 } = await connection.getTokenAccountsByOwner(bob.publicKey, { programId: nativeProgram });
    expect(token2022).toHaveLength(1);
    expect(token2022[0]!.pubkey.equals(nativeAta)).toBe(true);
    expect(token2022[0]!.account.owner.toBase58()).toBe(TOKEN_2022);
    expect(tokenAccountFields(token2022[0]!.account.data)).toEqual({ mint: nativeMint.toBase58(), owner: bob.publicKey.toBase58(), amount: 2_500_000n });
    const { value: byMint } = await connection.getTokenAccountsByOwner(bob.publicKey, { mint: zecMint });
    expect(byMint).toHaveLength(1);
    expect(byMint[0]!.pubkey.equals(zecAta)).toBe(true);
    expect(byMint[0]!.account.data.length).toBe(165);
    expect(tokenAccountFields(byMint[0]!.account.data).amount).toBe(150_000_000n);

    // jsonParsed accounts by owner.
    const { value: parsed2022 } = await connection.getParsedTokenAccountsByOwner(bob.publicKey, { programId: nativeProgram });
    expect(parsed2022).toHaveLength(1);
    const data2022 = parsed2022[0]!.account.data as ParsedAccountData;
    expect(data2022.program).toBe('spl-token-2022');
    expect(data2022.parsed.type).toBe('account');
    expect(data2022.parsed.info).toMatchObject({ mint: nativeMint.toBase58(), owner: bob.publicKey.toBase58(), state: 'initialized', isNative: false });
    expect(data2022.parsed.info.tokenAmount).toMatchObject({ amount: '2500000', decimals: 6, uiAmountString: '2.5' });
    // A Token-2022 associated account carries the ImmutableOwner extension, listed as a validator lists it.
    expect(data2022.parsed.info.extensions).toEqual([{ extension: 'immutableOwner' }]);
    expect(data2022.space).toBe(170);
    expect(ataInfo!.data.length).toBe(170);
    const { value: parsedZec } = await connection.getParsedTokenAccountsByOwner(bob.publicKey, { mint: zecMint });
    expect(parsedZec).toHaveLength(1);
    const dataZec = parsedZec[0]!.account.data as ParsedAccountData;
    expect(dataZec.program).toBe('spl-token');
    expect(dataZec.space).toBe(165);
    expect(dataZec.parsed.info.extensions).toBeUndefined();
    expect(dataZec.parsed.info.tokenAmount).toMatchObject({ amount: '150000000', decimals: 8, uiAmountString: '1.5' });

    // Creating it again is idempotent.
    const again = await connection.getLatestBlockhash();
    const repeat = new Transaction({ feePayer: bob.publicKey, ...again }).add(createAtaIdempotent(bob.publicKey, nativeAta, bob.publicKey, nativeMint, nativeProgram));
    expect((await confirm(await connection.sendTransaction(repeat, [bob]), again)).err).toBeNull();
    expect((await connection.getTokenAccountsByOwner(bob.publicKey, { programId: nativeProgram })).value).toHaveLength(1);
  });

  it('simulates a transaction with logs and units consumed, without changing state', async () => {
    const before = await connection.getBalance(bob.publicKey);
    const { tx } = await v0Transfer(bob, alice.publicKey, 1234);
    const { value } = await connection.simulateTransaction(tx, { sigVerify: true });
    expect(value.err).toBeNull();
    expect(value.logs).toEqual([`Program ${SYSTEM} invoke [1]`, `Program ${SYSTEM} success`]);
    expect(value.unitsConsumed).toBe(150);

    // The legacy form: web3.js fetches a blockhash and signs it itself.
    const legacy = new Transaction().add(SystemProgram.transfer({ fromPubkey: bob.publicKey, toPubkey: alice.publicKey, lamports: 1234 }));
    const { value: legacyValue } = await connection.simulateTransaction(legacy, [bob]);
    expect(legacyValue.err).toBeNull();
    expect(legacyValue.logs).toContain(`Program ${SYSTEM} success`);
    expect(legacyValue.unitsConsumed).toBe(150);

    // A failing simulation reports the error and the logs.
    const { tx: tooMuch } = await v0Transfer(bob, alice.publicKey, 1_000_000_000_000);
    const { value: failed } = await connection.simulateTransaction(tooMuch);
    expect(failed.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(failed.logs).toContain(`Program ${SYSTEM} failed: custom program error: 0x1`);

    expect(await connection.getBalance(bob.publicKey)).toBe(before);
  });

  it('answers getProgramAccounts with dataSize and memcmp filters', async () => {
    const bobBase58 = bob.publicKey.toBase58();
    const accounts = await connection.getProgramAccounts(zecProgram, {
      filters: [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: bobBase58 } }],
    });
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.pubkey.equals(ataOf(bob.publicKey, zecMint, zecProgram))).toBe(true);
    expect(tokenAccountFields(accounts[0]!.account.data)).toEqual({ mint: zecMint.toBase58(), owner: bobBase58, amount: 150_000_000n });

    // memcmp with base64 bytes, and on the mint field.
    const byMint = await connection.getProgramAccounts(zecProgram, {
      filters: [{ memcmp: { offset: 0, bytes: zecMint.toBuffer().toString('base64'), encoding: 'base64' } }, { memcmp: { offset: 32, bytes: bobBase58 } }],
    });
    expect(byMint.map((x) => x.pubkey.toBase58())).toEqual([accounts[0]!.pubkey.toBase58()]);

    const mints = await connection.getProgramAccounts(zecProgram, { filters: [{ dataSize: 82 }] });
    expect(mints.map((m) => m.pubkey.toBase58())).toContain(zecMint.toBase58());
    expect(mints.every((m) => m.account.data.length === 82)).toBe(true);

    // A Token-2022 account carries its extensions: its size is what getAccountInfo reports.
    const nativeAta = ataOf(bob.publicKey, nativeMint, nativeProgram);
    const size = (await connection.getAccountInfo(nativeAta))!.data.length;
    const token2022 = await connection.getProgramAccounts(nativeProgram, { filters: [{ dataSize: size }, { memcmp: { offset: 32, bytes: bobBase58 } }] });
    expect(token2022.map((x) => x.pubkey.toBase58())).toEqual([nativeAta.toBase58()]);

    const withContext = await connection.getProgramAccounts(zecProgram, { withContext: true, filters: [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: bobBase58 } }] });
    expect(withContext.context.slot).toBeGreaterThan(0);
    expect(withContext.value).toHaveLength(1);

    const parsed = await connection.getParsedProgramAccounts(zecProgram, { filters: [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: bobBase58 } }] });
    expect(((parsed[0]!.account.data as ParsedAccountData).parsed.info.tokenAmount as { amount: string }).amount).toBe('150000000');

    expect(await connection.getProgramAccounts(zecProgram, { filters: [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: carol.publicKey.toBase58() } }] })).toEqual([]);
  });

  it('answers getParsedTransaction for a transfer, an ATA creation and a faucet mint', async () => {
    const { tx, lifetime } = await v0Transfer(alice, bob.publicKey, 4321);
    const signature = await connection.sendTransaction(tx);
    expect((await confirm(signature, lifetime)).err).toBeNull();

    const parsed = await connection.getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(parsed).not.toBeNull();
    expect(parsed!.version).toBe(0);
    expect(parsed!.transaction.signatures).toEqual([signature]);
    expect(parsed!.transaction.message.addressTableLookups).toEqual([]);
    const keys = parsed!.transaction.message.accountKeys;
    expect(keys.map((k) => [k.pubkey.toBase58(), k.signer, k.writable])).toEqual([
      [alice.publicKey.toBase58(), true, true],
      [bob.publicKey.toBase58(), false, true],
      [SYSTEM, false, false],
    ]);
    expect(parsed!.transaction.message.instructions).toHaveLength(1);
    expect(parsed!.transaction.message.instructions[0]!.programId.toBase58()).toBe(SYSTEM);
    const meta = parsed!.meta!;
    expect(meta.fee).toBe(FEE);
    expect(meta.preBalances[0]! - meta.postBalances[0]!).toBe(4321 + FEE);
    expect(meta.postBalances[1]! - meta.preBalances[1]!).toBe(4321);

    // Every transaction bob touched parses, whatever its programs.
    const history = await connection.getSignaturesForAddress(bob.publicKey);
    // The legacy transfer, the two ATA creations, the two faucet mints and this transfer.
    expect(history.length).toBeGreaterThanOrEqual(6);
    expect(history.every((h) => h.err === null)).toBe(true);
    const all = await connection.getParsedTransactions(
      history.map((h) => h.signature),
      { commitment: 'confirmed', maxSupportedTransactionVersion: 0 },
    );
    expect(all.every((p) => p !== null && p.meta !== null)).toBe(true);
    expect(all.map((p) => p!.transaction.signatures[0])).toEqual(history.map((h) => h.signature));
    // Only the two transactions that created an account ran inner instructions (CPIs into the system and
    // token programs): the hand-built Token-2022 ATA creation and the faucet's ZEC mint; an idempotent
    // creation of an existing account calls nothing.
    expect(all.filter((p) => (p!.meta!.innerInstructions ?? []).length > 0)).toHaveLength(2);
    expect(all.some((p) => (p!.meta!.postTokenBalances ?? []).some((b) => b.uiTokenAmount.amount === '150000000'))).toBe(true);
  });

  it('notifies onAccountChange and onLogs', async () => {
    let accountId = 0;
    let logsId = 0;
    const account = new Promise<number>((resolve) => {
      accountId = connection.onAccountChange(bob.publicKey, (info) => resolve(info.lamports), 'confirmed');
    });
    const logs = new Promise<{ signature: string; logs: string[] }>((resolve) => {
      logsId = connection.onLogs(bob.publicKey, (l) => resolve(l), 'confirmed');
    });
    await subscriptionsInPlace();
    const { tx } = await v0Transfer(alice, bob.publicKey, 777);
    const signature = await connection.sendTransaction(tx);
    const [lamports, log] = await Promise.all([account, logs]);
    await connection.removeAccountChangeListener(accountId);
    await connection.removeOnLogsListener(logsId);
    expect(lamports).toBe(await connection.getBalance(bob.publicKey));
    expect(log.signature).toBe(signature);
    expect(log.logs).toContain(`Program ${SYSTEM} success`);
  });
});
