/**
 * The defaults a bot sets once in its environment instead of on every command line: the /v1 server, the
 * data directory and the key file that signs. A flag on the command line always wins over its variable;
 * a variable set to the empty string counts as unset.
 */
export const CLI_ENV = Object.freeze({
  /** `--api URL` */
  api: 'LAUNCHDESK_API',
  /** `--data DIR` */
  data: 'LAUNCHDESK_DATA',
  /** `--key-file FILE` (a `--wallet` on the command line wins over it too: it names another signer) */
  keyFile: 'LAUNCHDESK_KEY_FILE',
});

export type CliEnvName = (typeof CLI_ENV)[keyof typeof CLI_ENV];

/** The variable's value, or undefined when it is unset or empty. */
export function envText(name: CliEnvName, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

/** The help's lines about the variables, said once for every usage that takes them. */
export const ENVIRONMENT_LINES = [
  'Environment (a flag on the command line wins over its variable):',
  `  ${CLI_ENV.api}       the /v1 server, as --api`,
  `  ${CLI_ENV.data}      the data directory, as --data`,
  `  ${CLI_ENV.keyFile}  the Solana CLI keypair file that signs, as --key-file (a --wallet wins over it)`,
] as const;
