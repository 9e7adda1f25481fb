import { defaultSandboxDir } from '../config/paths.js';
import { CLI_ENV } from './cli-environment.js';
import { NO_POSITIONALS, type CommandGroupSpec } from './command-spec.js';

/** `launchdesk wallet …`: the desk's own wallets, shared with it (same data directory, same OS keychain). */

const data = (): readonly [string, string] => ['--data <DIR>', `the data directory whose wallets.json lists them, as the desk's (default: ${CLI_ENV.data}, else ${defaultSandboxDir()})`];
const JSON_FLAG = ['--json', 'one JSON answer on stdout'] as const;

export const WALLET_GROUP: CommandGroupSpec = {
  name: 'wallet',
  synopsis: 'new|import|list|remove|use [arguments] [--data DIR]',
  summary: "your wallets, as the desk holds them: secret keys in the OS keychain, the list in DIR/wallets.json",
  about: [
    "The desk's wallets: each secret key in the OS keychain (service `launchdesk`, one entry per address), the",
    'list with labels and the default wallet in DIR/wallets.json. The desk and the CLI on the same DIR share them.',
    'Trading commands sign with the default wallet unless given --wallet.',
  ],
  commands: [
    {
      name: 'wallet new',
      synopsis: '<label> [--data DIR] [--json]',
      summary: 'make a new wallet, its key kept in the OS keychain',
      about: ['Makes a new random key, stores it in the OS keychain and lists it as <label>. The first wallet becomes the default.'],
      options: [data(), JSON_FLAG],
      positionals: { names: ['<label>'], required: 1 },
    },
    {
      name: 'wallet import',
      synopsis: '<label> [--key-file FILE] [--data DIR] [--json]',
      summary: 'bring a wallet by its secret key (read from stdin or a file, never from the command line)',
      about: [
        'Reads a secret key from stdin (or --key-file FILE): a base58 secret key as wallet apps export it, or the',
        'JSON array of a Solana CLI keypair file. The key never goes on the command line, where other users and your',
        'shell history could read it; on a terminal it is read without echo.',
      ],
      options: [['--key-file <FILE>', 'read the secret key from FILE (a Solana CLI keypair file, or base58 text)'], data(), JSON_FLAG],
      positionals: { names: ['<label>'], required: 1 },
    },
    {
      name: 'wallet list',
      synopsis: '[--data DIR] [--json]',
      summary: 'the wallets, their addresses and which is the default',
      about: ['Lists each wallet with its address; `*` marks the default one trading commands sign with.'],
      options: [data(), JSON_FLAG],
      positionals: NO_POSITIONALS,
    },
    {
      name: 'wallet remove',
      synopsis: '<wallet> [--yes] [--data DIR] [--json]',
      summary: 'delete a wallet and its key from this machine',
      about: [
        '<wallet> is its label or address. Its secret key is deleted from the OS keychain: only a backup of it brings',
        'the wallet back. On a terminal you type its label to confirm; --yes skips that (scripts).',
      ],
      options: [['--yes', 'remove without asking'], data(), JSON_FLAG],
      positionals: { names: ['<wallet>'], required: 1 },
    },
    {
      name: 'wallet use',
      synopsis: '<wallet> [--data DIR] [--json]',
      summary: 'the default wallet trading commands sign with',
      about: ['<wallet> is its label or address. The desk shows the same wallet as active.'],
      options: [data(), JSON_FLAG],
      positionals: { names: ['<wallet>'], required: 1 },
    },
  ],
};
