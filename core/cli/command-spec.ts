/**
 * One `launchdesk` command as its help shows it, said as data so that the command line can be read
 * (core/cli/command-line.ts builds it with commander) without loading what the command runs.
 */
export interface CommandSpec {
  /** The words after `launchdesk`: `serve`, or `wallet new` for a subcommand. */
  readonly name: string;
  /** Arguments and flags after the name, as the usage line shows them. */
  readonly synopsis: string;
  /** One line in the overview (or the group's list). */
  readonly summary: string;
  /** What it does, under the usage line (the summary when empty). */
  readonly about: readonly string[];
  /** Each flag as commander takes it (`--data <DIR>`) with its line of help. */
  readonly options: readonly (readonly [flags: string, help: string])[];
  /** The positional arguments it takes, by name; the first `required` of them must be given. */
  readonly positionals: { readonly names: readonly string[]; readonly required: number };
  /** Lines after the flags (notes, exit statuses). */
  readonly after?: readonly string[];
}

/** A command that only groups others (`wallet`): its own help lists them. */
export interface CommandGroupSpec {
  readonly name: string;
  readonly synopsis: string;
  readonly summary: string;
  readonly about: readonly string[];
  readonly commands: readonly CommandSpec[];
}

export const NO_POSITIONALS = { names: [], required: 0 } as const;
